import { PageIntro } from '../components/page-intro';
import { TextArea, TextField } from '../components/form';
import { fieldState, formPageHeaders, RequestForm, submitRequest, withFormKey } from '../features/requests';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/counselling';
import { serverGraphql } from '../lib/graphql';

export function loader() {
  return withFormKey({});
}

export const headers = formPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return submitRequest(serverGraphql(context), 'counselling', await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Counselling', 'Confidential pastoral counselling: tell us a little about what is going on and we will arrange a time to talk.');

export default function Counselling({ actionData, loaderData }: Route.ComponentProps) {
  const field = (name: string) => fieldState(actionData, name);
  return (
    <>
      <PageIntro eyebrow="Prayers" title="Counselling" lead="Our trained pastoral counsellors offer a confidential space to talk and pray. Tell us a little, and we will be in touch." />
      <section className="section narrow">
        <RequestForm result={actionData} idempotencyKey={loaderData.idempotencyKey} submitLabel="Request counselling">
          <TextField name="name" label="Full name" autoComplete="name" required {...field('name')} />
          <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
          <TextArea name="description" label="Short description" hint="Only our counselling team reads this." required {...field('description')} />
        </RequestForm>
      </section>
    </>
  );
}
