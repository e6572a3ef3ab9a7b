/**
 * PostgreSQL's text of an int4multirange, "{[1,3),[5,8)}" (integer ranges are always written
 * canonical: inclusive lower, exclusive upper bound), as [start, end) pairs; "{}" is none.
 */
export function parseIntMultirange(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(/\[(-?\d+),(-?\d+)\)/g)) ranges.push([Number(match[1]), Number(match[2])]);
  return ranges;
}
