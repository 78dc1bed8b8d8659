import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { HeroSlide } from "~/content/hero";
import { useHydrated } from "~/utils/hydrated";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Until the browser has answered, assume reduced motion so nothing moves unasked. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

/**
 * Without JavaScript this is a horizontal scroll-snap track whose dots are links to the
 * slides' anchors, so every slide is reachable. With JavaScript the dots move the track in
 * place, the slides advance every `intervalMs` unless the visitor paused them or asks for
 * reduced motion, and a Pause/Play button is shown.
 */
export function HeroSlideshow({
  slides,
  intervalMs,
  width,
  height,
}: {
  slides: HeroSlide[];
  intervalMs: number;
  width: number;
  height: number;
}) {
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  // null: the visitor has not chosen, so reduced motion decides.
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const playing = hydrated && (choice === "play" || (choice === null && !reducedMotion));

  const goTo = useCallback(
    (next: number) => {
      setIndex(next);
      const track = trackRef.current;
      if (track) track.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [reducedMotion],
  );

  // The timer restarts after every change, so a slide picked by hand also gets its full time.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => goTo((index + 1) % slides.length), intervalMs);
    return () => window.clearTimeout(timer);
  }, [playing, index, intervalMs, slides.length, goTo]);

  // Swipes and keyboard scrolling move the track directly; follow them once the scroll settles
  // (reading mid-animation would flicker the dots through the slides in between).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const sync = () => {
      if (track.clientWidth > 0)
        setIndex(Math.min(slides.length - 1, Math.round(track.scrollLeft / track.clientWidth)));
    };
    // The page may have opened on a slide's anchor (#slide-3) before JavaScript ran.
    sync();
    if ("onscrollend" in window) {
      track.addEventListener("scrollend", sync);
      return () => track.removeEventListener("scrollend", sync);
    }
    let timer: number | undefined;
    const debounced = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(sync, 150);
    };
    track.addEventListener("scroll", debounced, { passive: true });
    return () => {
      window.clearTimeout(timer);
      track.removeEventListener("scroll", debounced);
    };
  }, [slides.length]);

  return (
    <section aria-roledescription="carousel" aria-label="Highlights of our work" className="relative">
      <div
        ref={trackRef}
        role="group"
        aria-label="Slides"
        // Focusable so keyboard users can scroll it with the arrow keys.
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, i) => (
          <div
            key={slide.src}
            id={`slide-${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            className="flex w-full shrink-0 snap-start snap-always"
          >
            <figure className="flex w-full flex-col overflow-hidden bg-brand-800">
              <img src={slide.src} alt={slide.alt} width={width} height={height} className="h-auto w-full" />
              <figcaption className="flex-1 px-5 py-3 text-base font-medium text-white sm:text-lg">
                {slide.caption}
              </figcaption>
            </figure>
          </div>
        ))}
      </div>

      <div className="mt-3 flex items-center justify-center gap-4">
        <ul className="flex items-center gap-1">
          {slides.map((slide, i) => {
            const current = hydrated && i === index;
            return (
              <li key={slide.src}>
                <a
                  href={`#slide-${i + 1}`}
                  aria-current={current ? "true" : undefined}
                  onClick={(event) => {
                    // With JavaScript, move the track in place instead of jumping the page.
                    event.preventDefault();
                    goTo(i);
                  }}
                  className="group flex h-8 w-8 items-center justify-center rounded-full"
                >
                  <span className="sr-only">{`Show slide ${i + 1}`}</span>
                  <span
                    aria-hidden="true"
                    className={`block h-3 w-3 rounded-full border-2 border-brand-700 dark:border-brand-300 ${
                      current
                        ? "bg-brand-700 dark:bg-brand-300"
                        : "bg-transparent group-hover:bg-brand-200 dark:group-hover:bg-brand-700"
                    }`}
                  />
                </a>
              </li>
            );
          })}
        </ul>
        {hydrated ? (
          <button
            type="button"
            onClick={() => setChoice(playing ? "pause" : "play")}
            className="btn-secondary px-3 py-1"
          >
            {playing ? (
              <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="currentColor">
                <path d="M5 4h3v12H5zM12 4h3v12h-3z" />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="currentColor">
                <path d="M6 4l10 6-10 6z" />
              </svg>
            )}
            {playing ? "Pause" : "Play"}
            <span className="sr-only"> slideshow</span>
          </button>
        ) : null}
      </div>
    </section>
  );
}
