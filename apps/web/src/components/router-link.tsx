import { createLink, type LinkComponent } from '@tanstack/react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import Link, { type LinkProps } from '@mui/material/Link';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';

/** MUI components that navigate through the router (typed `to`, preloading, active state). */

const MuiButtonAnchor = (props: ButtonProps<'a'>) => <Button component="a" {...props} />;
const CreatedButtonLink = createLink(MuiButtonAnchor);
export const ButtonLink: LinkComponent<typeof MuiButtonAnchor> = (props) => <CreatedButtonLink preload="intent" {...props} />;

const MuiAnchor = (props: LinkProps) => <Link {...props} />;
const CreatedTextLink = createLink(MuiAnchor);
export const TextLink: LinkComponent<typeof MuiAnchor> = (props) => <CreatedTextLink preload="intent" {...props} />;

const MuiListItemAnchor = (props: ListItemButtonProps<'a'>) => <ListItemButton component="a" {...props} />;
const CreatedListItemLink = createLink(MuiListItemAnchor);
export const ListItemLink: LinkComponent<typeof MuiListItemAnchor> = (props) => <CreatedListItemLink preload="intent" {...props} />;
