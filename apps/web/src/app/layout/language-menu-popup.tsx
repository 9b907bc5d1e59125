import type { Language } from '@/lib/i18n/languages';
import { MuiRoot } from '@/components/mui-root';
import { LanguageMenuList } from './language-menu';

interface LanguageMenuPopupProps {
  anchor: HTMLElement | null;
  menuId: string;
  buttonId: string;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The language list for the login page's plain button (plain-top-bar.tsx), with MUI loaded on the first click. */
export default function LanguageMenuPopup(props: LanguageMenuPopupProps) {
  return (
    <MuiRoot>
      <LanguageMenuList {...props} />
    </MuiRoot>
  );
}
