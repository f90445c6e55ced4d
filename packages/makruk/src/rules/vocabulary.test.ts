// The shared vocabulary has one owner: Color, opposite and Result are @makruk/counting's, and the facade re-exports
// them (review 3.3 #4: both packages used to declare their own).
import * as counting from '@makruk/counting';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as rules from './index.js';

describe('shared vocabulary', () => {
  it("opposite is counting's own function, not a copy", () => {
    expect(rules.opposite).toBe(counting.opposite);
    expect(rules.opposite('white')).toBe('black');
    expect(rules.opposite('black')).toBe('white');
  });

  it("Color and Result are counting's types", () => {
    expectTypeOf<rules.Color>().toEqualTypeOf<counting.Color>();
    expectTypeOf<rules.Result<number, Error>>().toEqualTypeOf<counting.Result<number, Error>>();
    expectTypeOf<counting.CountingResult<number>>().toEqualTypeOf<counting.Result<number, counting.CountingError>>();
  });
});
