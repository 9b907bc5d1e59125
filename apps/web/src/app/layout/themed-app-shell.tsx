import { MuiRoot } from '@/components/mui-root';
import { AppShell } from './app-shell';

export { preloadSignedInShell } from './app-shell';

/** The console's shell with MUI's theme: every page but the login page (layout/root-layout.tsx). Loaded on demand. */
export default function ThemedAppShell() {
  return (
    <MuiRoot>
      <AppShell />
    </MuiRoot>
  );
}
