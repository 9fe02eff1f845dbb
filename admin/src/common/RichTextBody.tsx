import { useMemo } from 'react';
import { DefaultEditorOptions, RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';

/**
 * The rich-text editor of post bodies. The editing area itself carries the field's name, so screen readers
 * announce it (react-admin only labels the surrounding box). The server keeps only safe HTML.
 */
export const RichTextBody = ({ label, ...props }: RichTextInputProps & { label: string }) => {
  const editorOptions = useMemo(() => ({ ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': label } } }), [label]);
  return <RichTextInput label={label} editorOptions={editorOptions} fullWidth {...props} />;
};
