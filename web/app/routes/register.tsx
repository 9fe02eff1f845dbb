import { Form, Link, redirect, useNavigation } from 'react-router';
import { ErrorSummary, SelectField, SubmitButton, TextArea, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { GENDERS, GeoFields, logIn, MARITAL_STATUSES, register, TITLES } from '../features/accounts';
import { MailingChoices } from '../components/mailing-choices';
import { loadPublicLists } from '../lib/mailing-choices';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/register';
import { browserGraphql, serverGraphql } from '../lib/graphql';
import { formText } from '../lib/form-data';

/** The public lists, offered with a box each beside the account's own fields. */
export async function loader({ context }: Route.LoaderArgs) {
  return { mailingLists: await loadPublicLists(serverGraphql(context)) };
}

/** Without JavaScript: the account is made on the server, and the member logs in next. */
export async function action({ request, context }: Route.ActionArgs) {
  const failed = await register(serverGraphql(context), await request.formData());
  if (failed) return failed;
  throw redirect('/userlogin?registered=1');
}

/**
 * In the browser, where the session lives: the account is made, then the member is signed in with what they just
 * typed, so they never meet an empty login form. Should that sign-in fail, the login page says the account exists.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const failed = await register(browserGraphql(), form);
  if (failed) return failed;
  const signInFailed = await logIn(formText(form, 'email').trim(), formText(form, 'password'));
  throw redirect(signInFailed ? '/userlogin?registered=1' : '/user/user-dashboard');
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Create An Account', 'Become a member: make prayer requests, share testimonies, give and buy books online.');

const PREFER_NOT_TO_SAY = 'Prefer not to say';

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = useFocusFirstError(actionData?.errors);
  const errors = actionData?.errors.fields ?? {};
  const field = (name: string) => ({ error: errors[name], defaultValue: actionData?.values[name] ?? '' });
  return (
    <>
      <PageIntro eyebrow="Membership" title="Create An Account" lead="Join our church family online: ask for prayer, share what God has done, give and order books." />
      <section className="section narrow">
        <Form method="post" noValidate ref={form} className="form-card">
          <ErrorSummary errors={actionData?.errors} />
          <div className="field-row">
            <TextField name="firstname" label="First name" autoComplete="given-name" required {...field('firstname')} />
            <TextField name="lastname" label="Last name" autoComplete="family-name" required {...field('lastname')} />
          </div>
          <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextField name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." required error={errors.password} />
          <fieldset className="fieldset">
            <legend>About you (optional)</legend>
            <p className="field-hint">Tell us only what you are happy to share.</p>
            <TextField name="title" label="Title (optional)" autoComplete="honorific-prefix" hint="For example Mr, Ms, Dr, Pastor or Sister." list="title-suggestions" maxLength={20} {...field('title')} />
            <datalist id="title-suggestions">
              {TITLES.map((title) => (
                <option key={title} value={title} />
              ))}
            </datalist>
            <div className="field-row">
              <SelectField name="gender" label="Gender (optional)" options={GENDERS} placeholder={PREFER_NOT_TO_SAY} {...field('gender')} />
              <SelectField name="marital_status" label="Marital status (optional)" options={MARITAL_STATUSES} placeholder={PREFER_NOT_TO_SAY} {...field('marital_status')} />
            </div>
          </fieldset>
          <GeoFields errors={errors} />
          <TextArea name="address" label="Address (optional)" rows={3} autoComplete="street-address" {...field('address')} />
          <MailingChoices lists={loaderData.mailingLists} values={actionData?.values} error={errors.mailingChoices} />
          <p className="form-note">
            We use your details to run your account and keep in touch with you. <Link to="/privacy">How we look after your information</Link>
          </p>
          <SubmitButton pending={navigation.state !== 'idle' && navigation.formMethod === 'POST'} pendingLabel="Creating your account…">
            Create account
          </SubmitButton>
          <p className="form-footer">
            Already a member? <Link to="/userlogin">Log in</Link>
          </p>
        </Form>
      </section>
    </>
  );
}
