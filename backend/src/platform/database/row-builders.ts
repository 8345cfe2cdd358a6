/** Builds a row object from a source row (an array of values, or an object of other keys). */
export type RowBuilder = (source: unknown) => Record<string, unknown>;

/** Shapes remembered at most; past that a builder is made for each result (shapes are the code's). */
const MAX_SHAPES = 5_000;
const builders = new Map<string, RowBuilder>();

/**
 * Rows of one shape built by a function of their own: an object literal naming `keys` in order,
 * key i read from `source[from[i]]` (an index of an array row or a key of an object row). Every
 * row of a shape is then made with one hidden class from one site; made at shared sites (a copy
 * and a store per key by name, as node-postgres and a generic renaming do), the app's hundreds of
 * row shapes left those sites megamorphic, each row paying a lookup per column. A key given twice
 * keeps its last value, as an assignment per key would. Made once per shape.
 */
export function rowBuilder(
  keys: readonly string[],
  from: readonly (string | number)[],
): RowBuilder {
  const shape = `${keys.join('\u0000')}\u0001${from.join('\u0000')}`;
  let build = builders.get(shape);
  if (!build) {
    // Keys and reads are the statement's own column labels, each written as a JSON literal.
    const properties = keys.map(
      (key, index) => `${JSON.stringify(key)}: source[${JSON.stringify(from[index])}]`,
    );
    build = new Function('source', `return { ${properties.join(', ')} };`) as RowBuilder;
    if (builders.size < MAX_SHAPES) builders.set(shape, build);
  }
  return build;
}
