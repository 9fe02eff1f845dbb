import { Card, CardContent, CircularProgress, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import {
  ArrayInput,
  NumberInput,
  ResourceContextProvider,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  useNotify,
} from "react-admin";
import { maxLength, regex, required } from "../common/validation";
import { useAdminDataProvider } from "../data/useAdminDataProvider";
import { ApiError } from "../data/errors";
import type { SiteSettingsRecord } from "./siteSettingsApi";
import { PodcastSettings } from "./PodcastSettings";

const DAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
].map((day) => ({ id: day, name: day }));
const NETWORKS = [
  { id: "facebook", name: "Facebook" },
  { id: "instagram", name: "Instagram" },
  { id: "youtube", name: "YouTube" },
  { id: "x", name: "X (Twitter)" },
  { id: "tiktok", name: "TikTok" },
];
const CHARITY_TYPES = [
  { id: "Trust", name: "Trust (Gift Aid by the tax year)" },
  { id: "CIO", name: "CIO (charitable incorporated organisation)" },
  { id: "CharitableCompany", name: "Charitable company" },
  { id: "UnincorporatedAssociation", name: "Unincorporated association" },
];
const YEAR_END = [
  required(),
  regex(
    /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
    "The month and day as MM-DD, e.g. 12-31",
  ),
];
const TIME = [
  required(),
  regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time such as 10:00 or 19:30"),
];

/**
 * The organisation's details the website shows (footer, contact and visit pages, service times, pastors,
 * structured data, calendar feed). One record: read on opening, saved with updateSiteSettings.
 */
export const SiteSettingsPage = () => {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [record, setRecord] = useState<SiteSettingsRecord>();
  useEffect(() => {
    dataProvider.readSiteSettings().then(setRecord, (error: Error) =>
      notify(error.message, { type: "error" }),
    );
  }, [dataProvider, notify]);

  const save = async (values: Record<string, unknown>) => {
    try {
      setRecord(await dataProvider.saveSiteSettings(values));
      notify("Site settings saved: the website shows them now", {
        type: "success",
      });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.message
          : "The settings could not be saved";
      notify(message, { type: "error" });
      // Every field the server refused shows its message under it.
      return error instanceof ApiError && error.field
        ? error.fieldErrors
        : undefined;
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Site settings" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          Site settings
        </Typography>
        {!record ? (
          <CircularProgress aria-label="Loading the site settings" />
        ) : (
          <ResourceContextProvider value="site-settings">
            <SimpleForm record={record} onSubmit={save}>
              <Typography variant="h6" component="h2">
                The organisation
              </Typography>
              <TextInput
                source="name"
                label="Organisation name"
                validate={[required(), maxLength(200)]}
                fullWidth
              />
              <TextInput
                source="shortName"
                label="Short name"
                helperText="For the home screen icon"
                validate={maxLength(60)}
              />
              <TextInput
                source="tagline"
                label="Tagline"
                validate={maxLength(300)}
                fullWidth
              />
              <TextInput
                source="description"
                label="Description"
                helperText="One or two sentences for search results and link previews"
                multiline
                validate={maxLength(500)}
                fullWidth
              />
              <TextInput
                source="charityNumber"
                label="Charity number"
                validate={maxLength(20)}
              />

              <Typography variant="h6" component="h2">
                Address and contact
              </Typography>
              <ArrayInput
                source="addressLines"
                label="Address lines (the last one is the town)"
              >
                <SimpleFormIterator inline disableReordering>
                  <TextInput source="" label="Line" validate={maxLength(100)} />
                </SimpleFormIterator>
              </ArrayInput>
              <TextInput
                source="postcode"
                label="Postcode"
                validate={maxLength(10)}
              />
              <TextInput
                source="phone"
                label="Phone"
                helperText="As people write it, e.g. 020 7946 0123"
                validate={maxLength(30)}
              />
              <ArrayInput
                source="emails"
                label="Contact e-mails (the first also receives security reports)"
              >
                <SimpleFormIterator inline>
                  <TextInput
                    source="label"
                    label="What about"
                    validate={required()}
                  />
                  <TextInput
                    source="address"
                    label="E-mail address"
                    type="email"
                    validate={required()}
                  />
                </SimpleFormIterator>
              </ArrayInput>
              <ArrayInput source="socialLinks" label="Social links">
                <SimpleFormIterator inline>
                  <SelectInput
                    source="network"
                    label="Network"
                    choices={NETWORKS}
                    validate={required()}
                  />
                  <TextInput
                    source="label"
                    label="Label"
                    validate={required()}
                  />
                  <TextInput
                    source="url"
                    label="Address (https)"
                    validate={required()}
                  />
                </SimpleFormIterator>
              </ArrayInput>
              <NumberInput source="latitude" label="Map latitude" />
              <NumberInput source="longitude" label="Map longitude" />

              <Typography variant="h6" component="h2">
                Services
              </Typography>
              <ArrayInput source="serviceTimes" label="Service times">
                <SimpleFormIterator inline>
                  <TextInput
                    source="name"
                    label="Service"
                    validate={required()}
                  />
                  <TextInput source="when" label="When" validate={required()} />
                </SimpleFormIterator>
              </ArrayInput>
              <TextInput source="doorsOpen" label="Doors open" fullWidth />
              <ArrayInput
                source="weeklySchedule"
                label="Weekly schedule (also the calendar feed's weekly events)"
              >
                <SimpleFormIterator inline>
                  <SelectInput
                    source="day"
                    label="Day"
                    choices={DAYS}
                    validate={required()}
                  />
                  <TextInput
                    source="activity"
                    label="Activity"
                    validate={required()}
                  />
                  <TextInput
                    source="opens"
                    label="Starts (HH:MM)"
                    validate={TIME}
                  />
                  <TextInput
                    source="closes"
                    label="Ends (HH:MM)"
                    validate={TIME}
                  />
                </SimpleFormIterator>
              </ArrayInput>

              <Typography variant="h6" component="h2">
                Senior pastors
              </Typography>
              <ArrayInput source="pastors" label="Pastors">
                <SimpleFormIterator>
                  <TextInput source="name" label="Name" validate={required()} />
                  <TextInput source="role" label="Role" />
                  <TextInput
                    source="photo"
                    label="Photo address"
                    helperText="A path on this site, e.g. /images/pastor.svg, or an uploaded picture's address"
                    fullWidth
                  />
                  <TextInput
                    source="photoAlt"
                    label="Photo description"
                    fullWidth
                  />
                  <TextInput
                    source="biography"
                    label="Biography"
                    helperText="A blank line starts a new paragraph"
                    multiline
                    minRows={4}
                    fullWidth
                  />
                </SimpleFormIterator>
              </ArrayInput>

              <Typography variant="h6" component="h2">
                Gift Aid: the charity&apos;s year
              </Typography>
              <Typography variant="body2" sx={{ maxWidth: "60em" }}>
                HMRC takes a Gift Aid claim up to four years after the end of
                the year the gift was made in, and the records are kept six
                years after it. For a trust that year is always the tax year
                (6 April to 5 April). For a CIO, a charitable company or an
                unincorporated association (many churches) it is the
                charity&apos;s own accounting year: enter the last day of it,
                e.g. 12-31 for a calendar year or 03-31 for a year ending in
                March.
              </Typography>
              <SelectInput
                source="charityType"
                label="How the charity is set up"
                choices={CHARITY_TYPES}
                validate={required()}
              />
              <TextInput
                source="accountingYearEnd"
                label="Last day of the accounting year (MM-DD)"
                helperText="04-05 is the tax year; 12-31 the calendar year"
                validate={YEAR_END}
              />
              <PodcastSettings />
            </SimpleForm>
          </ResourceContextProvider>
        )}
      </CardContent>
    </Card>
  );
};
