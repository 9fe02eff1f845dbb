import { ChurchAddress } from '../components/church-address';
import { LeafletMap } from '../components/leaflet-map';
import { PageIntro } from '../components/page-intro';
import { SelectField, TextArea, TextField } from '../components/form';
import { WeeklySchedule } from '../components/weekly-schedule';
import { CONTACT_REASON_CHOICES, fieldState, formPageHeaders, RequestForm, submitRequest, withFormKey } from '../features/requests';
import { churchLd, JsonLd } from '../features/site';
import { useSiteSettings } from '../lib/site-settings';
import { pageMeta, siteNameOf } from '../lib/meta';
import { siteConfig } from '../site-config';
import type { Route } from './+types/contact-us';
import { serverGraphql } from '../lib/graphql';
import './contact-us.css';

export function loader({ context }: Route.LoaderArgs) {
  return withFormKey({ publicUrl: context.publicUrl });
}

export const headers = formPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return submitRequest(serverGraphql(context), 'contact', await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Contact us', `Address, phone, e-mail and weekly schedule of ${siteNameOf(matches) || 'our church'}, and a form to send us a message.`);

export default function ContactUs({ actionData, loaderData }: Route.ComponentProps) {
  const field = (name: string) => fieldState(actionData, name);
  const settings = useSiteSettings();
  return (
    <>
      <JsonLd data={churchLd(settings, loaderData.publicUrl)} />
      <PageIntro eyebrow="Contact us" title="We would love to hear from you" lead="Send us a message, call, or come and see us. We reply to every message." />
      <section className="section">
        <div className="contact-layout">
          <div className="contact-details">
            <h2>Visit or write</h2>
            <ChurchAddress />
            {settings.phone && (
              <p>
                Phone: <a href={settings.phoneUri ?? undefined}>{settings.phone}</a>
              </p>
            )}
            <ul className="email-list">
              {settings.emails.map((email) => (
                <li key={email.address}>
                  <span>{email.label}: </span>
                  <a href={`mailto:${email.address}`}>{email.address}</a>
                </li>
              ))}
            </ul>
            <h2>Our week</h2>
            <WeeklySchedule />
          </div>
          <div>
            <h2>Send us a message</h2>
            <RequestForm result={actionData} idempotencyKey={loaderData.idempotencyKey} submitLabel="Send message">
              <TextField name="name" label="Full name" autoComplete="name" required {...field('name')} />
              <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
              <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
              <SelectField name="reason" label="Reason for getting in touch" options={CONTACT_REASON_CHOICES} placeholder="Choose a reason" required {...field('reason')} />
              <TextArea name="message" label="Short description" required {...field('message')} />
            </RequestForm>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="map-heading">
        <h2 id="map-heading">Find us</h2>
        {settings.latitude !== null && settings.longitude !== null && (
          <LeafletMap latitude={settings.latitude} longitude={settings.longitude} zoom={siteConfig.mapZoom} label={`Map showing ${settings.name}`} />
        )}
      </section>
    </>
  );
}
