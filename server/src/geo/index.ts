// Countries, states and cities as the rest of the server sees them; every other file of geo/ is its own.
export { GeoModule } from './geo.module.js';
