import { JsonPath, Problem } from './kind';

/**
 * Many problems of one kind (104 calculations each missing a column) read as a handful: the first
 * few of each group as they are, then one line "…and N more like this" on the list they belong
 * to. A group is the same message with its numbers left out, on paths that differ only in their
 * indexes. Errors stay errors: the summary line has the group's severity, so a save still stops.
 */
const SHOWN_PER_GROUP = 3;
const GROUP_FROM = 6;

export function condenseProblems(problems: Problem[]): Problem[] {
  const groups = new Map<string, Problem[]>();
  for (const problem of problems) {
    const key = `${problem.severity}|${shape(problem.path)}|${problem.message.replace(/\d+/g, '#')}`;
    groups.set(key, [...(groups.get(key) ?? []), problem]);
  }
  const out: Problem[] = [];
  for (const group of groups.values()) {
    if (group.length < GROUP_FROM) {
      out.push(...group);
      continue;
    }
    out.push(...group.slice(0, SHOWN_PER_GROUP));
    const rest = group.length - SHOWN_PER_GROUP;
    out.push({
      path: commonPath(group.map((p) => p.path)),
      severity: group[0].severity,
      message: `…and ${rest} more like this (${group[0].message})`,
    });
  }
  return out;
}

/** A path with its indexes made alike: `calculations[*].column`. */
function shape(path: JsonPath): string {
  return path.map((s) => (typeof s === 'number' ? '[*]' : `.${s}`)).join('');
}

/** The longest start every path shares: the list the problems sit in. */
function commonPath(paths: JsonPath[]): JsonPath {
  const first = paths[0] ?? [];
  let length = first.length;
  for (const path of paths) {
    let i = 0;
    while (i < length && i < path.length && path[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length);
}
