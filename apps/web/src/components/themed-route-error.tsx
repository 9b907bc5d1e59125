import type { ErrorComponentProps } from '@tanstack/react-router';
import { MuiRoot } from '@/components/mui-root';
import { RouteError } from './route-error';

/** RouteError with MUI's theme, loaded when a route fails (the login page's shell has no theme of its own). */
export function ThemedRouteError(props: ErrorComponentProps) {
  return (
    <MuiRoot>
      <RouteError {...props} />
    </MuiRoot>
  );
}
