// The API steps and page parts the products' browser tests share.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Template {
  id: string;
  name: string;
  gender: string | null;
}

function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function getJson<T>(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<T> {
  const response = await request.get(path, { headers: auth(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

export async function postJson<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(path, { headers: auth(token), data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

export async function onlyProductId(request: APIRequestContext, token: string): Promise<string> {
  const products = await getJson<{ id: string }[]>(request, token, '/api/products');
  expect(products).toHaveLength(1);
  return products[0]!.id;
}

export async function addPersonas(
  request: APIRequestContext,
  token: string,
  productId: string,
  templates: Template[],
): Promise<void> {
  for (const template of templates) {
    await postJson(request, token, `/api/products/${productId}/personas`, {
      templateId: template.id,
    });
  }
}

export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}
