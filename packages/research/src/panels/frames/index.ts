import type { PopulationFrame } from '../frame';
import { de } from './de';
import { india } from './in';
import { uk } from './uk';
import { us } from './us';

/** The national frames Chorus ships, one per country. */
export const frames: readonly PopulationFrame[] = [us, uk, de, india];

/** The shipped frame with this id ("us", "uk", "de", "in"), or undefined. */
export function frameById(id: string): PopulationFrame | undefined {
  return frames.find((frame) => frame.id === id);
}
