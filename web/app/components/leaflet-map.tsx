import { useEffect, useRef, useState } from 'react';
import './leaflet-map.css';

type Props = { latitude: number; longitude: number; zoom: number; label: string };

/**
 * A small OpenStreetMap map. Leaflet (script and styles, bundled from npm) and the tiles load only when the
 * map scrolls near the viewport, so a first visit makes no request to another origin.
 */
export function LeafletMap({ latitude, longitude, zoom, label }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let map: { remove(): void } | undefined;

    const show = async () => {
      const [{ default: L }] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
      if (cancelled) return;
      const leafletMap = L.map(element, { scrollWheelZoom: false }).setView([latitude, longitude], zoom);
      L.tileLayer('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', {
        maxZoom: 19,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }).addTo(leafletMap);
      // A drawn marker: Leaflet's default marker images do not survive bundling.
      L.circleMarker([latitude, longitude], { radius: 11, color: '#4a1f3d', weight: 3, fillColor: '#f2c14e', fillOpacity: 1 }).addTo(leafletMap);
      map = leafletMap;
      setLoaded(true);
    };

    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void show();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.remove();
    };
  }, [latitude, longitude, zoom]);

  return (
    <div className="map-frame">
      <div
        ref={container}
        className="map"
        role="region"
        aria-label={label}
        data-latitude={latitude}
        data-longitude={longitude}
        data-zoom={zoom}
        data-loaded={loaded || undefined}
      />
      <p className="map-link">
        <a href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`} rel="noopener noreferrer" target="_blank">
          Open the map in a new tab
        </a>
      </p>
    </div>
  );
}
