import PreviewIcon from '@mui/icons-material/Preview';
import { Alert, Box, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { FormDataConsumer } from 'react-admin';
import { useAdminDataProvider } from '../data/useAdminDataProvider';
import type { AudienceInput } from './mailingApi';
import { audienceInput } from './mailingWords';

/** The widths the preview is shown at: a common phone's, and a desktop mail reader's reading pane. */
export const PREVIEW_WIDTHS = { Phone: 375, Desktop: 700 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

type Content = { subject?: string; body?: string; audience?: AudienceInput };

const PreviewPanel = ({ subject, body, audience }: Content) => {
  const dataProvider = useAdminDataProvider();
  const [width, setWidth] = useState<Width>('Phone');
  const [html, setHtml] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const ready = Boolean(subject?.trim() && body?.trim() && audience);
  const show = async () => {
    setProblem(undefined);
    try {
      setHtml((await dataProvider.previewBroadcast(subject!, body!, audience!)).html);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<PreviewIcon />} disabled={!ready} onClick={() => void show()}>
          {html ? 'Refresh the preview' : 'Preview'}
        </Button>
        <ToggleButtonGroup size="small" exclusive value={width} onChange={(_, value: Width | null) => value && setWidth(value)} aria-label="Preview width">
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((name) => (
            <ToggleButton key={name} value={name}>
              {name}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {problem && <Alert severity="warning">{problem}</Alert>}
      {html && (
        // No scripts and no navigation in the preview: it is the e-mail as sent, only to look at.
        <iframe
          title="Preview of the e-mail"
          srcDoc={html}
          sandbox=""
          width={PREVIEW_WIDTHS[width]}
          height={600}
          style={{ display: 'block', maxWidth: '100%', border: '1px solid #ccc', boxSizing: 'border-box', background: '#fff' }}
        />
      )}
    </Box>
  );
};

/** The e-mail as it will be sent, from what the form holds now (saved or not), at a phone's or a desktop's width. */
export const BroadcastPreview = () => (
  <FormDataConsumer>
    {({ formData }) => {
      const form = formData as { subject?: string; body?: string; audience?: Parameters<typeof audienceInput>[0] };
      return <PreviewPanel subject={form.subject} body={form.body} audience={audienceInput(form.audience)} />;
    }}
  </FormDataConsumer>
);
