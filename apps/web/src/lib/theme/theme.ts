import { alpha, createTheme, type Theme } from '@mui/material/styles';

/**
 * The keyboard focus indicator (WCAG 2.2 2.4.7, 1.4.11; docs/decisions/0052-accessibility-reflow-focus.md): a 2 px solid
 * ring in a colour with at least 3:1 against the surfaces it sits on, never a tint alone. It sits outside a control
 * (offset 2 px, so a filled button's own colour never counts as its background) and inside rows of menus, lists and
 * tab strips, whose containers clip what sticks out.
 */
export const FOCUS_RING_WIDTH = 2;
export const focusRingColor = (theme: Theme) => (theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.main);
const focusRing = (theme: Theme, offset: number) => ({
  outline: `${FOCUS_RING_WIDTH}px solid ${focusRingColor(theme)}`,
  outlineOffset: offset,
});

/**
 * A calm, dense theme for people who use the console all day: a muted blue primary, neutral greys,
 * compact controls and tables, and clear type. Light and dark colour schemes as CSS variables, switched by
 * `<html data-color-scheme>` (lib/theme/color-scheme.ts; docs/decisions/0068-dark-mode.md). Every text colour holds
 * 4.5:1 on both surfaces of its scheme, and the focus ring 3:1.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'data-color-scheme' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1f5f8b', light: '#4f86ad', dark: '#134566', contrastText: '#ffffff' },
        secondary: { main: '#3d7a6e' },
        error: { main: '#b3261e' },
        warning: { main: '#a15c00' },
        success: { main: '#2e7d4f' },
        info: { main: '#2a6f97' },
        background: { default: '#f4f6f8', paper: '#ffffff' },
        text: { primary: '#1c2630', secondary: '#55616d' },
        divider: '#dde3e8',
      },
    },
    dark: {
      palette: {
        primary: { main: '#82b4da', light: '#a9cce8', dark: '#4f86ad', contrastText: '#0d1b26' },
        secondary: { main: '#7fc2b4' },
        error: { main: '#f28b82' },
        warning: { main: '#f2b45e' },
        success: { main: '#7fca97' },
        info: { main: '#82bde2' },
        background: { default: '#12171c', paper: '#1a2128' },
        text: { primary: '#e4e9ee', secondary: '#a9b4be' },
        divider: '#35414c',
        // The top bar keeps the console's blue, dimmed.
        AppBar: { darkBg: '#173650', darkColor: '#e4e9ee' },
      },
    },
  },
  shape: { borderRadius: 6 },
  spacing: 8,
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 13,
    h1: { fontSize: '1.75rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.3rem', fontWeight: 500 },
    h4: { fontSize: '1.2rem', fontWeight: 500 },
    h5: { fontSize: '1.1rem', fontWeight: 500 },
    h6: { fontSize: '1rem', fontWeight: 500 },
    button: { textTransform: 'none', fontWeight: 500 },
    overline: { fontWeight: 500, letterSpacing: '0.08em' },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'primary' },
      // On the primary-coloured bar the ring is white (the bar's contrast text); on the dark scheme's bar its text colour.
      styleOverrides: {
        root: ({ theme }) => ({
          '& .MuiButtonBase-root.Mui-focusVisible, & .MuiLink-root:focus-visible': {
            outlineColor: theme.palette.mode === 'dark' ? theme.palette.text.primary : theme.palette.primary.contrastText,
          },
        }),
      },
    },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
    // Every button, icon button, clickable chip, tab, menu item, list row, switch and checkbox is a ButtonBase.
    MuiButtonBase: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme, 2) }) } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiMenuItem: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme, -FOCUS_RING_WIDTH) }) } },
    MuiTab: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme, -FOCUS_RING_WIDTH) }) } },
    MuiAccordionSummary: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme, -FOCUS_RING_WIDTH) }) } },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: { root: ({ theme }) => ({ '&:focus-visible, &.Mui-focusVisible': { ...focusRing(theme, 2), borderRadius: 2 } }) },
    },
    // A wide table scrolls inside its card (WCAG 1.4.10). Positioned, so the visually hidden texts in its cells stay
    // inside the scroller instead of widening the page.
    MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
    // The labels and help texts of disabled fields stay readable (WCAG 1.4.3): the secondary text colour, not the 38 % grey.
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    MuiFormLabel: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiSelect: { defaultProps: { size: 'small' } },
    MuiList: { defaultProps: { dense: true } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiPaper: { styleOverrides: { outlined: ({ theme }) => ({ borderColor: theme.palette.divider }) } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.shape.borderRadius,
          '&.Mui-selected, &.Mui-selected:hover': {
            backgroundColor: alpha(theme.palette.primary.main, 0.1),
            color: theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.dark,
            boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            '& .MuiListItemText-primary': { fontWeight: 500 },
          },
          '&.Mui-focusVisible': focusRing(theme, -FOCUS_RING_WIDTH),
        }),
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
  },
});

// The theme's colours are CSS variables (`theme.vars`), and its providers take the colour-scheme props.
declare module '@mui/material/styles' {
  interface CssThemeVariables {
    enabled: true;
  }
}
