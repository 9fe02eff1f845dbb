import { CardContent } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { useFormContext, useFormState, type FieldErrors } from 'react-hook-form';
import { relabelled } from '../data/fieldMessages';

/** Each error the server put under a field (react-hook-form's type `server`), by the field's path. */
function serverErrors(errors: FieldErrors, prefix = ''): Array<[string, string]> {
  return Object.entries(errors).flatMap(([name, error]): Array<[string, string]> => {
    if (!error || typeof error !== 'object' || (!prefix && name === 'root')) return [];
    const path = prefix ? `${prefix}.${name}` : name;
    if (typeof error.message === 'string' && error.type === 'server') return [[path, error.message]];
    return 'type' in error ? [] : serverErrors(error as FieldErrors, path);
  });
}

/** The label of the form's input for `path`: MUI puts it in the input's form control. */
function labelIn(form: Element | null | undefined, path: string): string | undefined {
  const input = form?.querySelector(`[name="${path.replace(/["\\]/g, '\\$&')}"]`);
  return input?.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ?? undefined;
}

/**
 * Names the fields of the server's errors by the form's own labels ("Enter the YouTube video", not "Enter the
 * video"): the server knows a field by its program's name, which the data layer can only put in words.
 */
function ServerErrorsByLabel({ within }: { within: React.RefObject<HTMLDivElement | null> }) {
  const { setError } = useFormContext();
  const { errors } = useFormState();
  useEffect(() => {
    const form = within.current?.closest('form');
    for (const [path, message] of serverErrors(errors)) {
      const label = labelIn(form, path);
      const worded = label ? relabelled(message, path, label) : message;
      if (worded !== message) setError(path, { type: 'server', message: worded });
    }
  }, [errors, setError, within]);
  return null;
}

const Content = styled(CardContent, { name: 'RaSimpleForm', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  [theme.breakpoints.down('sm')]: { paddingBottom: '5em' },
}));

/** Every SimpleForm's content (the theme's default): react-admin's own, with the server's errors named by the form's labels. */
export const FormContent = ({ children, ...props }: { children?: ReactNode; className?: string }) => {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <Content ref={ref} {...props}>
      <ServerErrorsByLabel within={ref} />
      {children}
    </Content>
  );
};
