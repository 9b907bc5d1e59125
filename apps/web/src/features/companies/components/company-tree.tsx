import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CompanyNode } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { visibleTreeItems } from '../company-tree-filter';

export interface CompanyTreeProps {
  nodes: readonly CompanyNode[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Companies matching the filter (shown in bold). */
  matches?: ReadonlySet<number>;
  label: string;
}

/**
 * The company tree as a WAI-ARIA tree view (MUI X TreeView is not installed): one tab stop (roving tabindex), arrows
 * up/down move, right opens or goes to the first child, left closes or goes to the parent, Home/End, Enter or Space
 * selects, and typing a letter jumps to the next company starting with it.
 */
export function CompanyTree({ nodes, expanded, onToggle, selectedId, onSelect, matches, label }: CompanyTreeProps) {
  const { t } = useTranslation();
  const items = useMemo(() => visibleTreeItems(nodes, expanded), [nodes, expanded]);
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const refs = useRef(new Map<number, HTMLLIElement>());
  // The tab stop: the focused item if still shown, else the selected one, else the first.
  const tabStop = items.find((i) => i.node.id === focusedId)?.node.id ?? items.find((i) => i.node.id === selectedId)?.node.id ?? items[0]?.node.id;
  const moveFocus = useRef(false);

  useEffect(() => {
    if (moveFocus.current && focusedId !== null) {
      refs.current.get(focusedId)?.focus();
      moveFocus.current = false;
    }
  }, [focusedId, items]);

  const focus = (id: number | undefined) => {
    if (id === undefined) return;
    moveFocus.current = true;
    setFocusedId(id);
    refs.current.get(id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, id: number) => {
    event.stopPropagation();
    const index = items.findIndex((i) => i.node.id === id);
    const item = items[index];
    if (!item) return;
    const hasChildren = item.node.children.length > 0;
    const open = expanded.has(id);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focus(items[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(items[index - 1]?.node.id);
        break;
      case 'Home':
        focus(items[0]?.node.id);
        break;
      case 'End':
        focus(items.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (hasChildren && !open) onToggle(id);
        else if (hasChildren) focus(items[index + 1]?.node.id);
        break;
      case 'ArrowLeft':
        if (hasChildren && open) onToggle(id);
        else if (item.parentId !== null) focus(item.parentId);
        break;
      case 'Enter':
      case ' ':
        onSelect(id);
        break;
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const letter = event.key.toLocaleLowerCase();
          const after = [...items.slice(index + 1), ...items.slice(0, index + 1)];
          focus(after.find((i) => i.node.name.toLocaleLowerCase().startsWith(letter))?.node.id);
        } else handled = false;
    }
    if (handled) event.preventDefault();
  };

  const renderNodes = (list: readonly CompanyNode[], level: number) =>
    list.map((node) => {
      const hasChildren = node.children.length > 0;
      const open = hasChildren && expanded.has(node.id);
      const selected = node.id === selectedId;
      return (
        <Box
          component="li"
          key={node.id}
          role="treeitem"
          aria-level={level}
          aria-expanded={hasChildren ? open : undefined}
          aria-selected={selected}
          tabIndex={node.id === tabStop ? 0 : -1}
          ref={(element: HTMLLIElement | null) => {
            if (element) refs.current.set(node.id, element);
            else refs.current.delete(node.id);
          }}
          onKeyDown={(event: KeyboardEvent<HTMLLIElement>) => onKeyDown(event, node.id)}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocusedId(node.id);
          }}
          data-testid={`company-node-${node.id}`}
          sx={{
            listStyle: 'none',
            outline: 'none',
            '&:focus-visible > .company-tree-row': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Box
            className="company-tree-row"
            onClick={() => {
              setFocusedId(node.id);
              onSelect(node.id);
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              pl: (level - 1) * 2 + 0.5,
              pr: 1,
              py: 0.5,
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: selected ? 'action.selected' : undefined,
              '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
            }}
          >
            <Box
              component="span"
              aria-hidden
              onClick={(event) => {
                if (!hasChildren) return;
                event.stopPropagation();
                onToggle(node.id);
              }}
              sx={{
                display: 'inline-flex',
                width: 24,
                height: 24,
                alignItems: 'center',
                justifyContent: 'center',
                color: 'text.secondary',
                flexShrink: 0,
              }}
            >
              {hasChildren && (open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />)}
            </Box>
            <Typography
              component="span"
              variant="body2"
              noWrap
              title={node.name}
              sx={{ fontWeight: matches?.has(node.id) || selected ? 600 : 400, flexGrow: 1, minWidth: 0 }}
            >
              {node.name}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {t(`companies.type.${node.type}`)}
            </Typography>
          </Box>
          {open && (
            <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
              {renderNodes(node.children, level + 1)}
            </Box>
          )}
        </Box>
      );
    });

  return (
    <Box component="ul" role="tree" aria-label={label} sx={{ m: 0, p: 0 }}>
      {renderNodes(nodes, 1)}
    </Box>
  );
}
