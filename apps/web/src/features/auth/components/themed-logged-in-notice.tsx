import { MuiRoot } from '@/components/mui-root';
import { LoggedInNotice } from './logged-in-notice';

/** LoggedInNotice with MUI's theme: the login page's shell has none (issue 15). Loaded only for a signed-in visitor. */
export default function ThemedLoggedInNotice(props: Parameters<typeof LoggedInNotice>[0]) {
  return (
    <MuiRoot>
      <LoggedInNotice {...props} />
    </MuiRoot>
  );
}
