import { describe, expect, it } from 'vitest';
import manifest from '../custom-elements.json' with { type: 'json' };
import { MakrukBoard } from './index.js';
import { brushColor } from './shapes.js';
import { boardStyles } from './styles.js';

const declaration = manifest.modules[0]!.declarations[0]!;

describe('custom-elements.json', () => {
  it('lists exactly the attributes the element observes', () => {
    const observed = [...(MakrukBoard as unknown as { observedAttributes: string[] }).observedAttributes].sort();
    expect(declaration.attributes.map((a) => a.name).sort()).toEqual(observed);
  });

  it('documents every public custom property the styles read', () => {
    const brushes = ['green', 'red', 'blue', 'yellow'].map(brushColor).join(' ');
    const used = new Set(`${boardStyles.cssText} ${brushes}`.match(/--makruk-[a-z-]+/g));
    expect(declaration.cssProperties.map((p) => p.name).sort()).toEqual([...used].sort());
  });
});
