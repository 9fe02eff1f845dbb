import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

type Props = {
  isOpen: boolean;
  loading?: boolean;
  title: string;
  content: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before what cannot be taken back, with the safe choice focused: Enter or Escape leaves it undone. */
export const SafeConfirm = ({ isOpen, loading = false, title, content, confirm, cancel, onConfirm, onClose }: Props) => {
  const id = useId();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-content`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-content`}>{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading} autoFocus>
          {cancel}
        </Button>
        <Button onClick={onConfirm} disabled={loading} variant="contained">
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
