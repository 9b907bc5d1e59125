import type { CompanyNode } from '@fleetdesk/contract';

/** The filter text as it is compared: trimmed and lower-cased; blank means no filter. */
export const normalizeTreeFilter = (text: string): string => text.trim().toLocaleLowerCase();

export interface FilteredCompanyTree {
  /** The nodes to show: every match, its ancestors, and (collapsed) its own subtree. */
  nodes: CompanyNode[];
  /** The nodes to open so that every match is visible: the ancestors of the matches. */
  expanded: Set<number>;
  /** The companies whose name matches (highlighted in the tree). */
  matches: Set<number>;
}

/**
 * Filters the company tree by name (§2 Companies: matching nodes expand, clearing resets). The text is trimmed and
 * compared case-insensitively as a substring. A match keeps its ancestors (opened, so the match shows) and its whole
 * subtree (closed, to drill into). A blank filter keeps the tree as it is and opens nothing.
 */
export function filterCompanyTree(tree: readonly CompanyNode[], text: string): FilteredCompanyTree {
  const needle = normalizeTreeFilter(text);
  const expanded = new Set<number>();
  const matches = new Set<number>();
  if (needle === '') return { nodes: [...tree], expanded, matches };

  const visit = (node: CompanyNode): CompanyNode | null => {
    if (node.name.toLocaleLowerCase().includes(needle)) {
      matches.add(node.id);
      // The matching node's descendants may match too: record them (and open the way to them).
      node.children.forEach(visit);
      return node;
    }
    const children = node.children.map(visit).filter((child): child is CompanyNode => child !== null);
    if (children.length === 0) return null;
    expanded.add(node.id);
    return { ...node, children };
  };
  const nodes = tree.map(visit).filter((node): node is CompanyNode => node !== null);
  // A match inside a matching node's subtree opens that node too.
  const openAncestorsOfMatches = (node: CompanyNode, ancestors: number[]) => {
    if (matches.has(node.id)) ancestors.forEach((id) => expanded.add(id));
    node.children.forEach((child) => openAncestorsOfMatches(child, [...ancestors, node.id]));
  };
  nodes.forEach((node) => openAncestorsOfMatches(node, []));
  return { nodes, expanded, matches };
}

/** The ids from the top of the tree down to `id`'s parent (to open the way to the selected company); null if absent. */
export function ancestorIds(tree: readonly CompanyNode[], id: number): number[] | null {
  for (const node of tree) {
    if (node.id === id) return [];
    const below = ancestorIds(node.children, id);
    if (below) return [node.id, ...below];
  }
  return null;
}

export interface VisibleTreeItem {
  node: CompanyNode;
  level: number;
  parentId: number | null;
}

/** The rows the tree shows, top to bottom, given which nodes are open (the keyboard moves through these). */
export function visibleTreeItems(
  nodes: readonly CompanyNode[],
  expanded: ReadonlySet<number>,
  level = 1,
  parentId: number | null = null,
): VisibleTreeItem[] {
  return nodes.flatMap((node) => [
    { node, level, parentId },
    ...(expanded.has(node.id) ? visibleTreeItems(node.children, expanded, level + 1, node.id) : []),
  ]);
}
