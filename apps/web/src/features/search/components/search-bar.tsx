import { useEffect, useRef, useState, type FormEvent } from 'react';
import ClearIcon from '@mui/icons-material/Clear';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { normalizePhoneNumber, phoneNumberMessage } from '@fleetdesk/contract';
import { useTranslation } from 'react-i18next';
import { ViewsControl } from '@/features/saved-views';
import { hasCriteria, normalizeCriteria, type SearchCriteria } from '../search-criteria';
import { FilterChip } from './filter-chip';
import { OutlinedField } from './outlined-field';

interface SearchBarProps {
  /** The search in the URL. */
  criteria: SearchCriteria;
  /** Runs a search (writes the URL); empty criteria return to plain /support. */
  onSearch: (criteria: SearchCriteria) => void;
}

/**
 * The free-text box and the two filter chips of /support (§2). Enter (or the search button) searches with the box's
 * text; confirming or clearing a chip searches at once, with the text as it stands in the box.
 */
export function SearchBar({ criteria, onSearch }: SearchBarProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(criteria.search ?? '');

  // Back, forward and links change the URL: the box follows.
  const [shown, setShown] = useState(criteria.search);
  if (shown !== criteria.search) {
    setShown(criteria.search);
    setDraft(criteria.search ?? '');
  }

  // '/' anywhere outside a text field jumps to the search box, as in most search screens. The box does not take the
  // focus when the screen opens (issue 17): then '/' would type a slash into it, and the focus stays where navigation
  // puts it (the page heading) for screen-reader users.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      inputRef.current?.focus();
      inputRef.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const run = (change: Partial<SearchCriteria>) => onSearch(normalizeCriteria({ ...criteria, search: draft, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run({});
  };
  const clearText = () => {
    setDraft('');
    run({ search: undefined });
    inputRef.current?.focus();
  };
  const clearAll = () => {
    setDraft('');
    onSearch({});
    inputRef.current?.focus();
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
      <Stack
        component="form"
        role="search"
        aria-label={t('supportSearch.searchLabel')}
        onSubmit={submit}
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' } }}
      >
        <Stack direction="row" spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
          <OutlinedField
            inputRef={inputRef}
            label={t('supportSearch.searchLabel')}
            placeholder={t('supportSearch.placeholder')}
            value={draft}
            onChange={setDraft}
            shrinkLabel
            htmlInput={{ 'data-testid': 'support-search-input', autoComplete: 'off', spellCheck: false, enterKeyHint: 'search' }}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            }
            endAdornment={
              draft ? (
                <InputAdornment position="end">
                  <IconButton size="small" edge="end" aria-label={t('supportSearch.clearText')} onClick={clearText}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined
            }
          />
          <Button type="submit" variant="contained" sx={{ flexShrink: 0, px: 2.5 }}>
            {t('supportSearch.searchButton')}
          </Button>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <FilterChip
            label={t('supportSearch.mobilePhone')}
            icon={<PhoneIphoneIcon />}
            value={criteria.mobilePhone}
            onApply={(mobilePhone) => run({ mobilePhone })}
            onClear={() => run({ mobilePhone: undefined })}
            inputMode="tel"
            validate={(phone) => {
              const message = phoneNumberMessage(phone);
              return message ? t(`messages.${message}`) : null;
            }}
            normalize={normalizePhoneNumber}
            testId="filter-mobile-phone"
          />
          <FilterChip
            label={t('supportSearch.userName')}
            icon={<PersonOutlineIcon />}
            value={criteria.user}
            onApply={(user) => run({ user })}
            onClear={() => run({ user: undefined })}
            testId="filter-user"
          />
          <ViewsControl screen="support" />
          <Box sx={{ minWidth: 72 }}>
            {(hasCriteria(criteria) || draft) && (
              <Button size="small" onClick={clearAll}>
                {t('supportSearch.clearAll')}
              </Button>
            )}
          </Box>
        </Stack>
      </Stack>
    </Paper>
  );
}
