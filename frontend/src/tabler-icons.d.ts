/**
 * Icons are imported one per module (`@tabler/icons-react/dist/esm/icons/IconX.mjs`): the package's
 * index re-exports some 6,000 icons, which the build and the dev server would otherwise walk
 * through. The package ships no types for these files; each is a TablerIcon. (Under jest they are
 * mapped to src/test/icon-stub.tsx, as jest cannot load .mjs files.)
 */
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  const icon: import('@tabler/icons-react').TablerIcon;
  export default icon;
}
