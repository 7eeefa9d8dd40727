import type { PanelMember, PopulationFrame } from '@chorus/proto/inference/v1/panels';
import { quotaSample } from '@chorus/research';
import { frameFromMessage } from '../src/domain/panel-frame';

/** A small population frame as the catalog sends it: the standard traits and one of the customer's own. */
export const frameMessage: PopulationFrame = {
  id: 'test-uk',
  name: 'United Kingdom',
  country: 'GB',
  currency: 'GBP',
  population: 'Adults of a test population',
  year: 2024,
  sources: [{ publisher: 'Test', title: 'Test shares', year: 2024, url: 'https://example.com' }],
  traits: [
    {
      id: 'age',
      label: 'Age band',
      source: 'test',
      levels: [
        { id: '18-29', label: '18–29', share: 0.2 },
        { id: '30-44', label: '30–44', share: 0.25 },
        { id: '45-59', label: '45–59', share: 0.25 },
        { id: '60-74', label: '60–74', share: 0.2 },
        { id: '75+', label: '75 and over', share: 0.1 },
      ],
    },
    {
      id: 'sex',
      label: 'Sex',
      source: 'test',
      levels: [
        { id: 'female', label: 'Women', share: 0.51 },
        { id: 'male', label: 'Men', share: 0.49 },
      ],
    },
    {
      id: 'income',
      label: 'Household income',
      source: 'test',
      levels: [
        { id: 'low', label: 'Under £20,000', share: 0.3, min: 0, max: 20_000 },
        { id: 'mid', label: '£20,000–£49,999', share: 0.4, min: 20_000, max: 50_000 },
        { id: 'high', label: '£50,000 or more', share: 0.3, min: 50_000 },
      ],
    },
    {
      id: 'region',
      label: 'Region',
      source: 'test',
      levels: [
        { id: 'north', label: 'North', share: 0.4 },
        { id: 'south', label: 'South', share: 0.6 },
      ],
    },
    {
      id: 'household',
      label: 'Household',
      source: 'test',
      levels: [
        { id: 'alone', label: 'Lives alone', share: 0.2 },
        { id: 'couple', label: 'Couple', share: 0.3 },
        { id: 'children', label: 'Children at home', share: 0.3 },
        { id: 'other', label: 'Other adults', share: 0.2 },
      ],
    },
    {
      id: 'education',
      label: 'Education',
      source: 'test',
      levels: [
        { id: 'below-secondary', label: 'Below secondary', share: 0.25 },
        { id: 'secondary', label: 'Secondary', share: 0.4 },
        { id: 'tertiary', label: 'Degree', share: 0.35 },
      ],
    },
    {
      id: 'pet',
      label: 'Owns a pet',
      source: 'the customer',
      levels: [
        { id: 'yes', label: 'Yes', share: 0.45 },
        { id: 'no', label: 'No', share: 0.55 },
      ],
    },
  ],
};

/** The frame as research takes it. */
export const testFrame = frameFromMessage(frameMessage);

/** `size` members drawn to the frame's shares, as the catalog draws them. */
export function drawMembers(size: number, seed: number): PanelMember[] {
  return quotaSample(testFrame, size, seed).map((member) => ({
    index: member.index,
    traits: member.traits,
  }));
}
