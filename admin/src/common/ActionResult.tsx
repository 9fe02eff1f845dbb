import { Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import type { ActionOutcome } from './useAction';

/**
 * How an action went, in a live region that is on the page before it speaks (so it is announced). With
 * `takeFocus`, focus moves to it once it speaks: the button that ran the action is gone or disabled by then.
 */
export const ActionResult = ({ outcome, takeFocus = false }: { outcome?: ActionOutcome; takeFocus?: boolean }) => {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (outcome && takeFocus) region.current?.focus();
  }, [outcome, takeFocus]);
  return (
    <Typography ref={region} role="status" tabIndex={-1} variant="body2" color={outcome?.severity === 'error' ? 'error' : 'success.main'} sx={{ minHeight: '1.5em', px: 0.5, '&:focus': { outline: (theme) => `3px solid ${theme.palette.primary.main}` } }}>
      {outcome?.message}
    </Typography>
  );
};
