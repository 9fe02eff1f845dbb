import { PageIntro } from '../components/page-intro';
import { TextField } from '../components/form';
import { fieldState, formPageHeaders, RequestForm, submitRequest, withFormKey } from '../features/requests';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/baptism';
import { serverGraphql } from '../lib/graphql';

export function loader() {
  return withFormKey({});
}

export const headers = formPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  return submitRequest(serverGraphql(context), 'baptism', await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Baptism', 'Ready to be baptised? Tell us and we will invite you to our next baptism class.');

export default function Baptism({ actionData, loaderData }: Route.ComponentProps) {
  const field = (name: string) => fieldState(actionData, name);
  return (
    <>
      <PageIntro eyebrow="Prayers" title="Baptism" lead="Baptism is a joyful public declaration of your faith in Jesus. Leave your details and we will invite you to our next baptism class." />
      <section className="section narrow">
        <RequestForm result={actionData} idempotencyKey={loaderData.idempotencyKey} submitLabel="Request baptism">
          <TextField name="name" label="Full name" autoComplete="name" required {...field('name')} />
          <TextField name="email" label="Email" type="email" autoComplete="email" required {...field('email')} />
          <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
        </RequestForm>
      </section>
    </>
  );
}
