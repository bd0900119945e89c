import { useEffect, useRef } from "react";

interface Star {
  x: number;
  y: number;
  r: number;
  phase: number;
}

/**
 * The decorative night scene of /religious-freedom: starfield, slowly turning sacred geometry,
 * a cave mouth and a band of water. It only animates while visible and the tab is shown, and
 * draws a single still frame for people who prefer reduced motion.
 */
export function SacredCanvas({ className }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let width = 0;
    let height = 0;
    let stars: Star[] = [];
    let frame = 0;
    let visible = true;

    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const count = Math.round((width * height) / 9000);
      stars = Array.from({ length: count }, () => ({
        x: Math.random() * width,
        y: Math.random() * height * 0.75,
        r: 0.3 + Math.random() * 1.3,
        phase: Math.random() * Math.PI * 2,
      }));
    };

    const draw = (t: number) => {
      ctx.clearRect(0, 0, width, height);
      for (const s of stars) {
        ctx.globalAlpha = 0.35 + 0.45 * (0.5 + 0.5 * Math.sin(t / 900 + s.phase));
        ctx.fillStyle = "#ffffff";
        ctx.beginPath();
        ctx.arc(s.x, s.y, s.r, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
      // Sacred geometry: seed-of-life circles turning very slowly.
      const cx = width / 2;
      const cy = height * 0.4;
      const unit = Math.min(width, height) * 0.12;
      const turn = t / 40000;
      ctx.lineWidth = 1.2;
      for (let k = 0; k <= 6; k++) {
        const angle = turn + (Math.PI * 2 * k) / 6;
        const x = k === 6 ? cx : cx + Math.cos(angle) * unit;
        const y = k === 6 ? cy : cy + Math.sin(angle) * unit;
        ctx.strokeStyle = k % 2 ? "rgba(167,139,250,0.45)" : "rgba(232,196,106,0.4)";
        ctx.beginPath();
        ctx.arc(x, y, unit, 0, Math.PI * 2);
        ctx.stroke();
      }
      // Cave mouth framing the lower part of the scene.
      ctx.fillStyle = "#07061a";
      ctx.beginPath();
      ctx.moveTo(0, height);
      ctx.lineTo(0, height * 0.55);
      ctx.quadraticCurveTo(width * 0.08, height * 0.2, width * 0.22, height * 0.05);
      ctx.lineTo(0, 0);
      ctx.lineTo(width, 0);
      ctx.lineTo(width * 0.78, height * 0.05);
      ctx.quadraticCurveTo(width * 0.92, height * 0.2, width, height * 0.55);
      ctx.lineTo(width, height);
      ctx.closePath();
      ctx.globalAlpha = 0.55;
      ctx.fill();
      ctx.globalAlpha = 1;
      // Water band with gentle ripples.
      const waterTop = height * 0.8;
      const gradient = ctx.createLinearGradient(0, waterTop, 0, height);
      gradient.addColorStop(0, "rgba(76,29,149,0.55)");
      gradient.addColorStop(1, "rgba(13,11,38,0.95)");
      ctx.fillStyle = gradient;
      ctx.fillRect(0, waterTop, width, height - waterTop);
      ctx.strokeStyle = "rgba(232,196,106,0.25)";
      for (let line = 0; line < 4; line++) {
        ctx.beginPath();
        const y0 = waterTop + 10 + line * ((height - waterTop) / 4);
        for (let x = 0; x <= width; x += 12) {
          const y = y0 + Math.sin(x / 60 + t / 1400 + line) * 2.5;
          if (x === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.stroke();
      }
    };

    const loop = (now: number) => {
      draw(now);
      frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const update = () => {
      stop();
      if (reduced.matches) {
        draw(0);
        canvas.dataset.animating = "false";
        return;
      }
      if (visible && document.visibilityState === "visible") frame = requestAnimationFrame(loop);
      // Exposed for the browser tests that check the scene rests when unseen.
      canvas.dataset.animating = String(frame !== 0);
    };

    resize();
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(canvas);
    const onResize = () => {
      resize();
      if (reduced.matches) draw(0);
    };
    window.addEventListener("resize", onResize);
    document.addEventListener("visibilitychange", update);
    reduced.addEventListener("change", update);
    update();
    return () => {
      stop();
      observer.disconnect();
      window.removeEventListener("resize", onResize);
      document.removeEventListener("visibilitychange", update);
      reduced.removeEventListener("change", update);
    };
  }, []);

  return (
    <div aria-hidden="true" className={className}>
      <canvas ref={canvasRef} data-testid="sacred-canvas" className="h-full w-full" />
    </div>
  );
}
