import { alpha, createTheme } from '@mui/material/styles';

/**
 * A calm, dense theme for people who use the console all day: a muted blue primary, neutral greys,
 * compact controls and tables, and clear type.
 */
export const theme = createTheme({
  palette: {
    mode: 'light',
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
    MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiSelect: { defaultProps: { size: 'small' } },
    MuiList: { defaultProps: { dense: true } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dde3e8' } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.shape.borderRadius,
          '&.Mui-selected, &.Mui-selected:hover': {
            backgroundColor: alpha(theme.palette.primary.main, 0.1),
            color: theme.palette.primary.dark,
            boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
            '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            '& .MuiListItemText-primary': { fontWeight: 500 },
          },
          '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        }),
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
  },
});
