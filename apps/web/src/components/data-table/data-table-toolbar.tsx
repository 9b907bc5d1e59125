import { createContext, useContext, useId, useRef, useState, type ReactNode } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import {
  ColumnsPanelTrigger,
  Toolbar,
  ToolbarButton,
  gridDensitySelector,
  useGridApiContext,
  useGridSelector,
  type GridDensity,
} from '@mui/x-data-grid';

/** What the toolbar needs from the DataTable around it (the grid's slot props cannot carry functions typed per table). */
export interface DataTableToolbarContextValue {
  /** Shown at the start of the bar: a count, a selection summary, bulk actions. */
  start?: ReactNode;
  /** Exports the current view (visible columns in order, the rows shown, values as displayed). */
  onExport: () => void;
}

export const DataTableToolbarContext = createContext<DataTableToolbarContextValue>({ onExport: () => undefined });

const DENSITIES: { value: GridDensity; key: 'toolbarDensityCompact' | 'toolbarDensityStandard' | 'toolbarDensityComfortable' }[] = [
  { value: 'compact', key: 'toolbarDensityCompact' },
  { value: 'standard', key: 'toolbarDensityStandard' },
  { value: 'comfortable', key: 'toolbarDensityComfortable' },
];

/**
 * The bar above every DataTable: the screen's own start content, then column choice, density and CSV export, each an
 * icon button with a tooltip and accessible name in the grid's language.
 */
export function DataTableToolbar() {
  const apiRef = useGridApiContext();
  const { start, onExport } = useContext(DataTableToolbarContext);
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [densityOpen, setDensityOpen] = useState(false);
  const densityButton = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const text = (key: Parameters<typeof apiRef.current.getLocaleText>[0]) => String(apiRef.current.getLocaleText(key));

  return (
    <Toolbar>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{start}</Box>
      <Tooltip title={text('toolbarColumns')}>
        <ColumnsPanelTrigger render={<ToolbarButton aria-label={text('toolbarColumns')} />}>
          <ViewColumnIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      <Tooltip title={text('toolbarDensity')}>
        <ToolbarButton
          ref={densityButton}
          aria-label={text('toolbarDensityLabel')}
          aria-haspopup="menu"
          aria-expanded={densityOpen}
          aria-controls={densityOpen ? menuId : undefined}
          onClick={() => setDensityOpen(true)}
        >
          <DensityMediumIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={densityButton.current} open={densityOpen} onClose={() => setDensityOpen(false)}>
        {DENSITIES.map((option) => (
          <MenuItem
            key={option.value}
            selected={density === option.value}
            onClick={() => {
              apiRef.current.setDensity(option.value);
              setDensityOpen(false);
            }}
          >
            <ListItemIcon>{density === option.value && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{text(option.key)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <Tooltip title={text('toolbarExportCSV')}>
        <ToolbarButton aria-label={text('toolbarExportCSV')} onClick={onExport}>
          <FileDownloadOutlinedIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
    </Toolbar>
  );
}
