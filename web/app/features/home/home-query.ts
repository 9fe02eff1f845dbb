import type { ImageFields } from '../../components/responsive-image';
import { loadPublic, type GraphqlCaller } from '../../lib/graphql';
import type { Slide } from './hero-slider';

const IMAGE = 'image imageSrcSet imageWidth imageHeight';

export type VisitImage = ImageFields & { id: string; title: string | null };
export type MeetingImage = ImageFields & { id: string; zoomId: string; password: string | null };

/**
 * The whole home page in one request (api-contract: Content). The post and video blocks are passed in as
 * selections by the page, which knows which feature draws them.
 */
export function homeQuery(postFields: string, videoFields: string) {
  return `query HomePage {
    slides: allSliderImages(sortField: "position", sortOrder: "ASC", perPage: 10) { id title ${IMAGE} }
    visit: allVisitImages(perPage: 1) { id title ${IMAGE} }
    meeting: allMeetingImages(perPage: 1) { id zoomId password ${IMAGE} }
    programs: allPosts(filter: { categoryId: 1, upcoming: true }, sortField: "nextStartsAt", sortOrder: "ASC", perPage: 4) { ${postFields} }
    testimonies: allPosts(filter: { categoryId: 2 }, perPage: 8) { ${postFields} }
    videos: allVideos(perPage: 8) { ${videoFields} }
    blog: allPosts(filter: { categoryId: 3 }, perPage: 8) { ${postFields} }
  }`;
}

export type HomeData<Post, Video> = {
  slides: Slide[];
  visit: VisitImage[];
  meeting: MeetingImage[];
  programs: Post[];
  testimonies: Post[];
  videos: Video[];
  blog: Post[];
};

export async function loadHome<Post, Video>(graphql: GraphqlCaller, postFields: string, videoFields: string): Promise<HomeData<Post, Video>> {
  const data = await loadPublic<HomeData<Post, Video>>(graphql, homeQuery(postFields, videoFields));
  return {
    slides: data.slides ?? [],
    visit: data.visit ?? [],
    meeting: data.meeting ?? [],
    programs: data.programs ?? [],
    testimonies: data.testimonies ?? [],
    videos: data.videos ?? [],
    blog: data.blog ?? [],
  };
}

export const MEETING_PASSWORD_QUERY = 'query MeetingPassword { meeting: allMeetingImages(perPage: 1) { id password } }';
