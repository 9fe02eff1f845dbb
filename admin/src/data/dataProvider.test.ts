import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { createFakeApi } from '../test/fakeApi';
import { ApiError } from './errors';
import { createDataProvider, type DataResource } from './dataProvider';
import type { Uploader } from './uploads';

const page = { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter: {} };

const RESOURCES: DataResource[] = [
  { name: 'posts', type: 'Post', upload: 'post' },
  { name: 'testimonies', type: 'Post', fixed: { categoryId: '2' }, upload: 'testimony' },
];

const setup = (token: string | null = 'admin-token') => {
  const api = createFakeApi();
  const session = { token: token ?? undefined };
  const upload = vi.fn<Uploader>(async (file) => ({ url: `/uploads/${file.name.replace(/\W/g, '')}-960.webp` }));
  const dataProvider = createDataProvider({ resources: RESOURCES, getToken: () => session.token, fetch: api.fetch, uri: 'http://api.test/graphql', upload });
  return { api, session, upload, dataProvider };
};

describe('the admin data provider', () => {
  it('asks the API nothing until a screen needs data, so the login page works without the schema', async () => {
    const { api } = setup(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });

  it('answers 401 without calling the API when nobody is logged in', async () => {
    const { api, dataProvider } = setup(null);
    await expect(dataProvider.getList('posts', page)).rejects.toMatchObject({ status: 401 });
    expect(api.calls).toEqual([]);
  });

  it('reads the schema with the admin token and lists a resource through its GraphQL type', async () => {
    const { api, dataProvider } = setup();
    const { data, total } = await dataProvider.getList('posts', page);
    expect(total).toBe(2);
    expect(data.map((post) => post.name)).toEqual(['Sunday service', 'Healed']);
    expect(api.calls[0]).toMatchObject({ operation: 'IntrospectionQuery', authorization: 'Bearer admin-token' });
    expect(api.calls[1]).toMatchObject({ operation: 'allPosts', authorization: 'Bearer admin-token' });
  });

  it('lists testimonies as the posts of category 2 whatever filter the screen sends', async () => {
    const { api, dataProvider } = setup();
    const { data } = await dataProvider.getList('testimonies', { ...page, filter: { status: 'UnAuthorised' } });
    expect(data.map((post) => post.id)).toEqual(['2']);
    expect(api.calls.at(-1)!.variables.filter).toEqual({ status: 'UnAuthorised', categoryId: '2' });
  });

  it('uploads a newly chosen image before saving and stores the returned URL as image', async () => {
    const { api, upload, dataProvider } = setup();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'church front.jpg', { type: 'image/jpeg' });
    const { data } = await dataProvider.create('posts', {
      data: { name: 'Harvest', body: '<p>Thanks</p>', categoryId: '3', status: 'Authorised', image: { rawFile: file, src: 'blob:x', title: file.name } },
    });
    expect(upload).toHaveBeenCalledWith(file, 'post');
    expect(api.calls.at(-1)).toMatchObject({ operation: 'createPost', variables: { image: '/uploads/churchfrontjpg-960.webp', categoryId: '3' } });
    expect(data.image).toBe('/uploads/churchfrontjpg-960.webp');
  });

  it('keeps the current image when an edit leaves it alone, without uploading anything', async () => {
    const { api, upload, dataProvider } = setup();
    api.posts[0].image = '/uploads/old-960.webp';
    await dataProvider.update('posts', {
      id: '1',
      data: { id: '1', name: 'Sunday service, 10am', image: { src: '/uploads/old-960.webp', title: 'Current image' } },
      previousData: { id: '1' },
    });
    expect(upload).not.toHaveBeenCalled();
    expect(api.calls.at(-1)).toMatchObject({ operation: 'updatePost', variables: { id: '1', name: 'Sunday service, 10am', image: '/uploads/old-960.webp' } });
  });

  it('authorises a testimony by updating only its status', async () => {
    const { api, dataProvider } = setup();
    await dataProvider.update('testimonies', { id: '2', data: { status: 'Authorised' }, previousData: { id: '2' } });
    expect(api.calls.at(-1)).toMatchObject({ operation: 'updatePost', variables: { id: '2', status: 'Authorised' } });
    expect(api.posts[1].status).toBe('Authorised');
  });

  it('answers an ended session with a 401 HttpError, which logs the admin out', async () => {
    const { api, dataProvider } = setup();
    await dataProvider.getList('posts', page);
    api.validTokens.delete('admin-token');
    const failure = await dataProvider.getList('posts', page).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 401, message: 'Your session has ended. Please log in again.' });
  });

  it('puts a refused field on that field of the form', async () => {
    const { dataProvider } = setup();
    const failure = await dataProvider.create('posts', { data: { name: ' ', body: 'x', categoryId: '3' } }).catch((error: unknown) => error);
    // In words a person reads; the form then names the field by its label ("Enter the title").
    expect(failure).toMatchObject({ status: 400, message: 'Enter the name', body: { errors: { name: 'Enter the name', root: { serverError: 'Enter the name' } } } });
  });

  it('reads the schema again after it was refused, once the admin has a new token', async () => {
    const { api, session, dataProvider } = setup('expired-token');
    api.refuseIntrospection(403);
    const failure = await dataProvider.getList('posts', page).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403 });

    api.refuseIntrospection(200);
    session.token = 'admin-token';
    const { total } = await dataProvider.getList('posts', page);
    expect(total).toBe(2);
    expect(api.calls.filter((call) => call.operation === 'IntrospectionQuery').map((call) => call.authorization)).toEqual(['Bearer expired-token', 'Bearer admin-token']);
  });

  it("runs the console's own actions with the admin token, and reads what they changed", async () => {
    const { api, dataProvider } = setup();
    await dataProvider.replyToCareRequest('ContactEnquiry-1', 'We are praying for you');
    expect(api.calls.at(-1)).toMatchObject({ query: expect.stringContaining('replyToCareRequest('), authorization: 'Bearer admin-token', variables: { id: 'ContactEnquiry-1', body: 'We are praying for you' } });
    expect(api.careRequests[0].timeline).toMatchObject([{ type: 'Reply', body: 'We are praying for you' }]);
  });

  it('fails an action with the same ApiError as a list, so an ended session logs the admin out', async () => {
    const { api, dataProvider } = setup();
    api.validTokens.delete('admin-token');
    const failure = await dataProvider.careTeam().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Your session has ended. Please log in again.' });
  });
});
