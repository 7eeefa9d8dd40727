import { traitProvenance } from '@chorus/contracts';
import { provenanceAfterEdit } from '../src/domain/trait-provenance';

describe('provenance after an edit', () => {
  it('a user edit makes a trait given', () => {
    const provenance = provenanceAfterEdit(traitProvenance({ age: 34 }), ['income', 'name']);
    expect(provenance.income).toBe('given');
    expect(provenance.name).toBe('given');
    expect(provenance.age).toBe('given');
    expect(provenance.personality).toBe('inferred');
  });
});
