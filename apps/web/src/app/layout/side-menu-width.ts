/** The width of the side menu, also held free while its code downloads (app-shell.tsx), so the screen does not shift. */
export const SIDE_MENU_WIDTH = 232;
