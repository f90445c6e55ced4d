// `cem analyze` (@custom-elements-manifest/analyzer) writes custom-elements.json from the sources: attributes and
// properties from the `@property` decorators (each property's one declaration), events, CSS custom properties and
// parts from the class's JSDoc. Internal state (Lit `@state` properties, named `_…`) and private members are not
// part of the element's API.
const internal = (name) => typeof name === 'string' && (name.startsWith('_') || name.startsWith('#'));

export default {
  // the public surface: the element, its events and the package entry (not the internals or the piece art)
  globs: ['src/index.ts', 'src/makruk-board.ts', 'src/events.ts'],
  litelement: true,
  packagejson: false,
  plugins: [
    {
      name: 'makruk-board-public-api',
      packageLinkPhase({ customElementsManifest }) {
        // module paths as a user of the package imports them: dist/*.js, not the TypeScript sources
        const toDist = (path) => path.replace(/^(?:\/|\.\/)?(?:src\/)?([\w-]+)\.[jt]s$/, 'dist/$1.js');
        const visit = (node) => {
          if (Array.isArray(node)) node.forEach(visit);
          else if (node && typeof node === 'object') {
            for (const [key, value] of Object.entries(node)) {
              if ((key === 'path' || key === 'module') && typeof value === 'string') node[key] = toDist(value);
              else visit(value);
            }
          }
        };
        visit(customElementsManifest.modules);
        for (const mod of customElementsManifest.modules) {
          for (const decl of mod.declarations ?? []) {
            if (decl.attributes)
              decl.attributes = decl.attributes.filter((a) => !internal(a.name) && !internal(a.fieldName));
            if (decl.members) {
              decl.members = decl.members.filter(
                (m) => !internal(m.name) && m.privacy !== 'private' && m.privacy !== 'protected' && !m.static,
              );
            }
          }
        }
      },
    },
  ],
};
