import { Typography } from '@mui/material';
import { BooleanInput, TextInput } from 'react-admin';
import { email, maxLength, regex } from '../common/validation';
import { PodcastArtworkInput } from './PodcastArtworkInput';

/** The feed's address on this site, as podcast apps are given it. */
const feedAddress = () => `${window.location.origin}/podcast.xml`;

/** The podcast's details in the site settings: what podcast apps show about the feed of sermons. */
export const PodcastSettings = () => (
  <>
    <Typography variant="h6" component="h2">
      Podcast
    </Typography>
    <Typography variant="body2" sx={{ maxWidth: '60em', mb: 1 }}>
      Sermons with an audio recording and “Publish to podcast” switched on make up the podcast. Give podcast apps (Apple Podcasts,
      Spotify and others) this address once: <strong>{feedAddress()}</strong>. Each series also has its own feed at /podcast/ followed by
      the series’ web address and .xml.
    </Typography>
    <TextInput source="podcastTitle" label="Podcast title" validate={maxLength(200)} fullWidth />
    <PodcastArtworkInput />
    <TextInput
      source="podcastCategory"
      label="Category"
      helperText="Apple’s category, with the sub-category after a “>”, e.g. Religion & Spirituality > Christianity"
      fullWidth
    />
    <TextInput
      source="podcastOwnerEmail"
      label="Owner’s e-mail"
      type="email"
      validate={email('Please give an e-mail address')}
      helperText="Podcast directories write here to confirm the podcast is ours. It is shown in the feed."
      fullWidth
    />
    <TextInput
      source="podcastAppleUrl"
      label="Apple Podcasts address"
      helperText="Once Apple has listed the podcast: its page, https://podcasts.apple.com/… The sermons pages then offer it."
      validate={regex(/^https:\/\/podcasts\.apple\.com\/\S+$/, 'Please give the podcast’s page in Apple Podcasts, https://podcasts.apple.com/…')}
      fullWidth
    />
    <TextInput
      source="podcastSpotifyUrl"
      label="Spotify address"
      helperText="Once Spotify has listed the podcast: its page, https://open.spotify.com/show/…"
      validate={regex(/^https:\/\/open\.spotify\.com\/show\/\S+$/, 'Please give the podcast’s page in Spotify, https://open.spotify.com/show/…')}
      fullWidth
    />
    <BooleanInput source="podcastExplicit" label="Mark as explicit" helperText="Only if episodes contain language unsuitable for children." />
    <BooleanInput
      source="podcastLocked"
      label="Locked"
      helperText="Keep this on: it stops anyone else moving the podcast to another hosting service."
    />
  </>
);
