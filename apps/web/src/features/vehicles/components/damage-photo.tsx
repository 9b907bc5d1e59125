import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import CloseIcon from '@mui/icons-material/Close';
import NoPhotographyIcon from '@mui/icons-material/NoPhotography';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAuthorizedImage } from '../api/use-authorized-image';

const THUMB = 72;

function FullPhoto({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const image = useAuthorizedImage(url);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" aria-label={title}>
      <DialogTitle sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('vehicles.dialogs.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', minWidth: 240, minHeight: 160 }}>
        {image.state === 'loading' && <CircularProgress aria-label={t('common.loading')} />}
        {image.state === 'error' && <BrokenImageIcon color="disabled" sx={{ fontSize: 64 }} />}
        {image.state === 'ready' && (
          <Box component="img" src={image.src} alt={title} sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A damage photo's thumbnail (fetched with the session's auth); a click opens the full photo in a dialog. */
export function DamagePhoto({ thumbnailUrl, imageUrl, title }: { thumbnailUrl: string | null; imageUrl: string | null; title: string }) {
  const { t } = useTranslation();
  const thumb = useAuthorizedImage(thumbnailUrl ?? imageUrl);
  const [open, setOpen] = useState(false);
  const full = imageUrl ?? thumbnailUrl;
  if (!full) {
    return (
      <Tooltip title={t('vehicles.damage.photoMissing')}>
        <Box
          role="img"
          aria-label={t('vehicles.damage.photoMissing')}
          sx={{
            width: THUMB,
            height: THUMB,
            flexShrink: 0,
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'text.disabled',
          }}
        >
          <NoPhotographyIcon />
        </Box>
      </Tooltip>
    );
  }
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t('vehicles.damage.openPhoto', { title })}
        sx={{ width: THUMB, height: THUMB, flexShrink: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {thumb.state === 'loading' && <CircularProgress size={18} aria-hidden />}
        {thumb.state === 'error' && <BrokenImageIcon color="disabled" />}
        {thumb.state === 'ready' && (
          <Box
            component="img"
            src={thumb.src}
            alt={t('vehicles.damage.thumbnail', { title })}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
      </ButtonBase>
      {open && <FullPhoto url={full} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}
