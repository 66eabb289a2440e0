/**
 * Nesting of untrusted JSON values, measured without recursion: a value parsed from a request may be nested
 * thousands of levels deep (JSON.parse is iterative), and any recursive walk of it would overflow the stack.
 */

/** Objects and arrays, the only values that nest. */
const nests = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * True when `value` holds objects or arrays nested more than `max` levels deep, counting `value` itself as level 1
 * (a string or number is level 0). Stops at the first level beyond `max`, so the cost is bounded by the values
 * within the limit, whatever the depth of the rest.
 */
export function nestedBeyond(value: unknown, max: number): boolean {
  if (!nests(value)) return false;
  if (max < 1) return true;
  // Depth-first with an explicit stack of [container, level].
  const stack: [object, number][] = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [container, level] = top;
    // An array by index: Object.keys would make a string per element of a long array of numbers.
    const children: readonly unknown[] = Array.isArray(container) ? container : Object.values(container);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (!nests(child)) continue;
      if (level >= max) return true;
      stack.push([child, level + 1]);
    }
  }
  return false;
}
