import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewScreen } from '@fleetdesk/contract';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCreateSavedView, useDeleteSavedView, useSavedViews, useUpdateSavedView } from '../api/saved-views-api';
import { SAVED_VIEWS_NS } from '../strings';
import { paramsOfLocation, viewLocation } from '../view-location';
import { useViewName } from './view-name';

type Dialogs = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/**
 * The menu of the filter bar's "Views" control (issue 19 point 3; the button is `ViewsControl` in ../lazy.tsx, loaded
 * with the first screen): pick one of this screen's saved views (its params go into the URL), save the screen's
 * current filters, sort and columns as a view (private or shared), rename or delete one's own.
 */
export function ViewsMenu({
  screen,
  anchor,
  menuId,
  onClose,
}: {
  screen: SavedViewScreen;
  anchor: HTMLElement | null;
  menuId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  const nameOf = useViewName();
  const navigate = useNavigate();
  const location = useRouterState({ select: (state) => ({ pathname: state.location.pathname, search: state.location.search }) });
  const views = useSavedViews();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const mine = (views.data ?? []).filter((view) => view.screen === screen);
  const editable = mine.filter((view) => view.editable);

  const apply = (view: SavedView) => {
    onClose();
    const target = viewLocation(view);
    void navigate({ to: target.to as never, search: target.search as never });
  };

  return (
    <>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {mine.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={t('control.none')} />
          </MenuItem>
        )}
        {mine.map((view) => (
          <MenuItem key={view.id} onClick={() => apply(view)}>
            <ListItemText
              primary={nameOf(view)}
              secondary={
                view.builtIn ? t('control.builtIn') : view.shared ? t('control.sharedBy', { owner: view.owner ?? '' }) : t('control.private')
              }
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            onClose();
            setDialog({ kind: 'save' });
          }}
        >
          {t('control.save')}
        </MenuItem>
        {editable.map((view) => [
          <MenuItem
            key={`rename-${view.id}`}
            onClick={() => {
              onClose();
              setDialog({ kind: 'rename', view });
            }}
          >
            {t('control.rename', { name: view.name })}
          </MenuItem>,
          <MenuItem
            key={`delete-${view.id}`}
            onClick={() => {
              onClose();
              setDialog({ kind: 'delete', view });
            }}
          >
            {t('control.delete', { name: view.name })}
          </MenuItem>,
        ])}
      </Menu>
      {dialog?.kind === 'save' && (
        <NameDialog
          title={t('save.title')}
          submitLabel={t('save.submit')}
          initialName=""
          withShared
          onClose={() => setDialog(null)}
          params={paramsOfLocation(screen, location.pathname, location.search as Record<string, unknown>)}
          screen={screen}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('rename.title')}
          submitLabel={t('rename.submit')}
          initialName={dialog.view.name}
          view={dialog.view}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteDialog view={dialog.view} onClose={() => setDialog(null)} />}
    </>
  );
}

function NameDialog(props: {
  title: string;
  submitLabel: string;
  initialName: string;
  withShared?: boolean;
  view?: SavedView;
  screen?: SavedViewScreen;
  params?: Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  const [name, setName] = useState(props.initialName);
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const pending = create.isPending || update.isPending;
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('save.nameRequired'));
      return;
    }
    const done = { onSuccess: props.onClose, onError: () => setError(t('save.failed')) };
    if (props.view) update.mutate({ id: props.view.id, name: name.trim() }, done);
    else if (props.screen) create.mutate({ name: name.trim(), screen: props.screen, params: props.params ?? {}, shared }, done);
  };

  return (
    <Dialog open onClose={pending ? undefined : props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('save.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
              required
              autoFocus
              error={Boolean(error)}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }}
            />
            {props.withShared && (
              <FormControlLabel
                control={<Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />}
                label={t('save.shared')}
              />
            )}
            {props.withShared && <Alert severity="info">{shared ? t('save.sharedHelp') : t('save.privateHelp')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={pending}>
            {t('save.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {props.submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteDialog({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const { t } = useTranslation(SAVED_VIEWS_NS);
  const remove = useDeleteSavedView();
  return (
    <ConfirmDialog
      title={t('delete.title')}
      message={view.shared ? t('delete.messageShared', { name: view.name }) : t('delete.message', { name: view.name })}
      confirmLabel={t('delete.confirm')}
      destructive
      pending={remove.isPending}
      onConfirm={() => remove.mutate(view.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
