// The shared vocabulary has one owner: Color, opposite and Result are @makruk/counting's, and the facade re-exports
// them (review 3.3 #4: both packages used to declare their own). The facade's opposite only turns counting's
// ERR_COLOR into its own ERR_ARGUMENT, so that plain JavaScript callers meet one error class.
import * as counting from '@makruk/counting';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as rules from './index.js';

describe('shared vocabulary', () => {
  it("opposite is counting's rule; a non-colour is ERR_COLOR there and ERR_ARGUMENT here", () => {
    expect(rules.opposite('white')).toBe('black');
    expect(rules.opposite('black')).toBe('white');
    const notAColour = 42 as unknown as rules.Color;
    expect(() => counting.opposite(notAColour)).toThrow(expect.objectContaining({ code: 'ERR_COLOR' }));
    expect(() => rules.opposite(notAColour)).toThrow(rules.MakrukError);
    expect(() => rules.opposite(notAColour)).toThrow(expect.objectContaining({ code: 'ERR_ARGUMENT' }));
  });

  it("Color and Result are counting's types", () => {
    expectTypeOf<rules.Color>().toEqualTypeOf<counting.Color>();
    expectTypeOf<rules.Result<number, Error>>().toEqualTypeOf<counting.Result<number, Error>>();
    expectTypeOf<counting.CountingResult<number>>().toEqualTypeOf<counting.Result<number, counting.CountingError>>();
  });
});
