import { Form, Link, useNavigation } from 'react-router';
import { FormAlert, SelectField, SubmitButton, TextArea, TextField, useFocusFirstError } from '../components/form';
import { PageIntro } from '../components/page-intro';
import { GENDERS, GeoFields, MARITAL_STATUSES, register, TITLES } from '../features/accounts';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/register';
import { serverGraphql } from '../lib/graphql';

export async function action({ request, context }: Route.ActionArgs) {
  return register(serverGraphql(context), await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Create An Account', 'Become a member: make prayer requests, share testimonies, give and buy books online.');

export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = useFocusFirstError(actionData?.errors);
  const errors = actionData?.errors.fields ?? {};
  const field = (name: string) => ({ error: errors[name], defaultValue: actionData?.values[name] ?? '' });
  return (
    <>
      <PageIntro eyebrow="Membership" title="Create An Account" lead="Join our church family online: ask for prayer, share what God has done, give and order books." />
      <section className="section narrow">
        <Form method="post" noValidate ref={form} className="form-card">
          <FormAlert message={actionData?.errors.message} />
          <div className="field-row">
            <SelectField name="title" label="Title" options={TITLES} placeholder="Choose a title" required {...field('title')} />
            <SelectField name="gender" label="Gender" options={GENDERS} placeholder="Choose" required {...field('gender')} />
          </div>
          <div className="field-row">
            <TextField name="firstname" label="First name" autoComplete="given-name" required {...field('firstname')} />
            <TextField name="lastname" label="Last name" autoComplete="family-name" required {...field('lastname')} />
          </div>
          <SelectField name="marital_status" label="Marital status" options={MARITAL_STATUSES} placeholder="Choose" required {...field('marital_status')} />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters." required error={errors.password} />
          <GeoFields errors={errors} />
          <TextArea name="address" label="Address" rows={3} autoComplete="street-address" {...field('address')} />
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
