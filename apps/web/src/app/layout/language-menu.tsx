import { useId, useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '@/lib/i18n/i18n';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';

/** The UI language choice; each language is named in itself (Deutsch, English (UK), Norsk bokmål, Svenska). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();

  const choose = (next: Language) => {
    setAnchor(null);
    void changeLanguage(next);
  };

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={`${t('topBar.language')}: ${t(`languages.${language}`)}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ '& .label': { display: { xs: 'none', sm: 'inline' } } }}
      >
        <span className="label" lang={language}>
          {t(`languages.${language}`)}
        </span>
      </Button>
      <LanguageMenuList anchor={anchor} menuId={menuId} buttonId={buttonId} onChoose={choose} onClose={() => setAnchor(null)} />
    </>
  );
}

interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  menuId: string;
  buttonId: string;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The list of languages, opened from a button (this menu's, or the login page's plain one: plain-top-bar.tsx). */
export function LanguageMenuList({ anchor, menuId, buttonId, onChoose, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId, dense: true } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {LANGUAGES.map((option) => (
        <MenuItem key={option} lang={option} selected={option === language} onClick={() => onChoose(option)}>
          <ListItemIcon>{option === language && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`languages.${option}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
