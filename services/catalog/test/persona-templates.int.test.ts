import { personaMessages, productMessages } from '@chorus/contracts';
import { InMemoryEventBus } from '@chorus/service-kit';
import { eventually, testLogger } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { readFile, writeFile } from 'node:fs/promises';
import { startCatalog } from '../src';
import { parseTemplateLibrary } from '../src/template-library';
import {
  libraryFile,
  client,
  config,
  newProduct,
  eventsOf,
  grpcError,
  notFound,
} from './catalog-setup';

describe('persona templates and product personas', () => {
  async function library() {
    return parseTemplateLibrary(await readFile(libraryFile, 'utf8'));
  }

  it('seeds the library into the empty table on first start', async () => {
    const { templates } = await client.listTemplates({});
    const names = (await library()).map((t) => t.name);
    expect(templates.map((t) => t.name).sort()).toEqual(expect.arrayContaining(names.sort()));
    const sarah = templates.find((t) => t.name === 'Sarah Mitchell');
    expect(sarah).toMatchObject({
      age: 34,
      gender: 'Female',
      iq: 118,
      isActive: true,
      safetyScores: { economic: 7, world: 5, local: 8, occupation: 7 },
    });
  });

  it('does not seed again when the service restarts', async () => {
    const before = (await client.listAllTemplates({})).templates.length;
    // Its own bus: a stopped instance must not stay a member of the shared consumer group.
    const otherBus = new InMemoryEventBus(testLogger());
    const again = await startCatalog(config(), { bus: otherBus, logger: testLogger() });
    await again.stop();
    await otherBus.close();
    expect((await client.listAllTemplates({})).templates.length).toBe(before);
  });

  it('adds a persona with its template, counts it and announces it', async () => {
    const { product, userId } = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const { persona, added } = await client.addProductPersona({
      userId,
      productId: product.id,
      templateId: template!.id,
    });
    expect(added).toBe(true);
    expect(persona).toMatchObject({
      productId: product.id,
      templateId: template!.id,
      template: { name: template!.name, occupation: template!.occupation },
    });
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      1,
    );
    await eventually(() => eventsOf('personasChanged', product.id).length === 1);
    expect(eventsOf('personasChanged', product.id)).toEqual([
      { productId: product.id, userId, personaCount: 1 },
    ]);
    const { personas } = await client.listProductPersonas({ userId, productId: product.id });
    expect(personas.map((p) => p.template?.name)).toEqual([template!.name]);
  });

  it('adding the same template twice keeps one persona', async () => {
    const { product, userId } = await newProduct();
    const [, template] = (await client.listTemplates({})).templates;
    const request = { userId, productId: product.id, templateId: template!.id };
    const first = await client.addProductPersona(request);
    const second = await client.addProductPersona(request);
    expect(second).toMatchObject({ added: false, persona: { id: first.persona!.id } });
    const { personas } = await client.listProductPersonas({ userId, productId: product.id });
    expect(personas).toHaveLength(1);
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      1,
    );
  });

  it('counts concurrent additions exactly', async () => {
    const { product, userId } = await newProduct();
    const templates = (await client.listTemplates({})).templates.slice(0, 12);
    await Promise.all(
      templates.map((t) =>
        client.addProductPersona({ userId, productId: product.id, templateId: t.id }),
      ),
    );
    expect((await client.getProduct({ userId, productId: product.id })).product?.personaCount).toBe(
      12,
    );
  });

  it('refuses an unknown template', async () => {
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.addProductPersona({ userId, productId: product.id, templateId: 'no-such-template' }),
      ),
    ).toEqual(notFound(personaMessages.templateNotFound));
  });

  it("answers NOT_FOUND for another user's product or persona", async () => {
    const owner = await newProduct();
    const other = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const { persona } = await client.addProductPersona({
      userId: owner.userId,
      productId: owner.product.id,
      templateId: template!.id,
    });
    const expected = notFound(productMessages.notFound);
    const foreign = { userId: other.userId, productId: owner.product.id };
    expect(await grpcError(client.listProductPersonas(foreign))).toEqual(expected);
    expect(
      await grpcError(client.addProductPersona({ ...foreign, templateId: template!.id })),
    ).toEqual(expected);
    expect(
      await grpcError(client.removeProductPersona({ ...foreign, personaId: persona!.id })),
    ).toEqual(expected);
    // The owner's persona id through the other user's own product: not theirs either.
    expect(
      await grpcError(
        client.removeProductPersona({
          userId: other.userId,
          productId: other.product.id,
          personaId: persona!.id,
        }),
      ),
    ).toEqual(notFound(personaMessages.personaNotFound));
    const { personas } = await client.listProductPersonas({
      userId: owner.userId,
      productId: owner.product.id,
    });
    expect(personas).toHaveLength(1);
  });

  it('removes a persona, recounts and announces it', async () => {
    const { product, userId } = await newProduct();
    const [template] = (await client.listTemplates({})).templates;
    const ids = { userId, productId: product.id };
    const { persona } = await client.addProductPersona({ ...ids, templateId: template!.id });
    await client.removeProductPersona({ ...ids, personaId: persona!.id });
    expect((await client.listProductPersonas(ids)).personas).toEqual([]);
    expect((await client.getProduct(ids)).product?.personaCount).toBe(0);
    await eventually(() => eventsOf('personasChanged', product.id).length === 2);
    expect(eventsOf('personasChanged', product.id).map((e) => e.personaCount)).toEqual([1, 0]);
    expect(
      await grpcError(client.removeProductPersona({ ...ids, personaId: persona!.id })),
    ).toEqual(notFound(personaMessages.personaNotFound));
  });
});

describe('template administration', () => {
  const form = {
    name: 'Test Template Ines',
    age: 41,
    occupation: 'Pharmacist',
    location: 'Porto, Portugal',
    income: '€38,000 per year',
    lifestyle: 'Cycles to work',
    motivations: 'Security for her children',
    personality: 'Careful and warm',
    safetyScoresPercent: { economic: 80, world: 45, local: 90, occupation: 72 },
  };

  it('creates a template with the sliders stored out of 10', async () => {
    const { template } = await client.createTemplate(form);
    expect(template).toMatchObject({
      name: form.name,
      isActive: true,
      safetyScores: { economic: 8, world: 4.5, local: 9, occupation: 7.2 },
    });
    expect((await client.listTemplates({})).templates.map((t) => t.name)).toContain(form.name);
  });

  it('applies the form defaults: age 30 and scores of 5', async () => {
    const { template } = await client.createTemplate({
      ...form,
      name: 'Defaults Person',
      age: 0,
      safetyScoresPercent: undefined,
    });
    expect(template).toMatchObject({
      age: 30,
      safetyScores: { economic: 5, world: 5, local: 5, occupation: 5 },
    });
  });

  it('refuses a missing required field and a taken name', async () => {
    expect(
      await grpcError(client.createTemplate({ ...form, name: 'Nobody', personality: ' ' })),
    ).toEqual({ code: status.INVALID_ARGUMENT, details: 'Personality is required' });
    expect(await grpcError(client.createTemplate({ ...form, name: 'Sarah Mitchell' }))).toEqual({
      code: status.ALREADY_EXISTS,
      details: personaMessages.templateNameTaken,
    });
  });

  it('keeps inactive templates out of the library customers see', async () => {
    const { template } = await client.createTemplate({
      ...form,
      name: 'Hidden Template',
      isActive: false,
    });
    expect((await client.listTemplates({})).templates.map((t) => t.id)).not.toContain(template!.id);
    expect((await client.listAllTemplates({})).templates.map((t) => t.id)).toContain(template!.id);
    const { product, userId } = await newProduct();
    expect(
      await grpcError(
        client.addProductPersona({ userId, productId: product.id, templateId: template!.id }),
      ),
    ).toEqual(notFound(personaMessages.templateNotFound));
  });

  it('deleting a template removes it from the products that chose it', async () => {
    const { template } = await client.createTemplate({ ...form, name: 'Short-lived Template' });
    const { product, userId } = await newProduct();
    const ids = { userId, productId: product.id };
    await client.addProductPersona({ ...ids, templateId: template!.id });
    await client.deleteTemplate({ templateId: template!.id });
    expect((await client.listProductPersonas(ids)).personas).toEqual([]);
    expect((await client.getProduct(ids)).product?.personaCount).toBe(0);
    await eventually(() => eventsOf('personasChanged', product.id).length === 2);
    expect(await grpcError(client.deleteTemplate({ templateId: template!.id }))).toEqual(
      notFound(personaMessages.templateNotFound),
    );
  });

  it('syncs the library: new names imported, changed ones updated, others kept', async () => {
    expect(await client.syncTemplates({})).toEqual({ imported: 0, updated: 0 });
    const original = await readFile(libraryFile, 'utf8');
    try {
      const changed = original.replace('income: $78,000 per year', 'income: $81,000 per year');
      await writeFile(
        libraryFile,
        `${changed}
  - name: Zoe Newcomer
    age: 45
    gender: Female
    occupation: Beekeeper
    location: Tartu, Estonia
    income: €22,000 per year
    iq: 110
    lifestyle: Keeps sixty hives.
    motivations: Healthy bees.
    personality: Patient.
    safetyScores: { economic: 4, world: 5, local: 9, occupation: 6 }
`,
      );
      expect(await client.syncTemplates({})).toEqual({ imported: 1, updated: 1 });
      expect(await client.syncTemplates({})).toEqual({ imported: 0, updated: 0 });
      const { templates } = await client.listAllTemplates({});
      expect(templates.find((t) => t.name === 'Sarah Mitchell')?.income).toBe('$81,000 per year');
      expect(templates.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Zoe Newcomer', form.name]),
      );
    } finally {
      await writeFile(libraryFile, original);
    }
  });

  it('answers FAILED_PRECONDITION when the library file is broken', async () => {
    const original = await readFile(libraryFile, 'utf8');
    try {
      await writeFile(libraryFile, 'templates: [unclosed');
      const error = await grpcError(client.syncTemplates({}));
      expect(error.code).toBe(status.FAILED_PRECONDITION);
      expect(error.details).toMatch(/^Failed to sync personas from YAML file: not valid YAML/);
    } finally {
      await writeFile(libraryFile, original);
    }
  });
});
