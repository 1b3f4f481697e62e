import type { ChartConfig } from './chart-spec.ts';

/** The size of a drawn chart, in pixels. */
export const CHART_WIDTH = 1200;
export const CHART_HEIGHT = 675;

/** Why a chart cannot be drawn where there is no OffscreenCanvas (Node, old browsers). */
export const NO_OFFSCREEN_CANVAS =
  'Drawing a chart needs OffscreenCanvas, which this environment does not have (the app draws charts in its worker in a browser that has it).';

/**
 * Draws a Chart.js chart on an OffscreenCanvas (no animation, not responsive, on white)
 * and returns it as PNG bytes. Chart.js is imported on first use, so it stays out of the
 * worker's first chunk. Throws `NO_OFFSCREEN_CANVAS` where there is no OffscreenCanvas.
 */
export async function drawChart(config: ChartConfig, title: string): Promise<Uint8Array> {
  if (typeof OffscreenCanvas === 'undefined') throw new Error(NO_OFFSCREEN_CANVAS);
  const { Chart, registerables } = await import('chart.js');
  Chart.register(...registerables);
  const canvas = new OffscreenCanvas(CHART_WIDTH, CHART_HEIGHT);
  const isRound = config.type === 'pie' || config.type === 'doughnut';
  // Chart.js takes an OffscreenCanvas (its BasicPlatform); its types only name DOM canvases.
  const chart = new Chart(canvas as unknown as ConstructorParameters<typeof Chart>[0], {
    type: config.type,
    data: config.data as never,
    options: {
      animation: false,
      responsive: false,
      devicePixelRatio: 1,
      layout: { padding: 24 },
      ...(config.axes
        ? {
            scales: {
              x: { title: { display: config.axes.x !== '', text: config.axes.x } },
              y: { title: { display: config.axes.y !== '', text: config.axes.y } },
            },
          }
        : {}),
      plugins: {
        title: { display: true, text: title, font: { size: 22 } },
        legend: { display: isRound || config.data.datasets.length > 1 },
      },
    },
    plugins: [
      {
        id: 'white-background',
        beforeDraw: (drawn) => {
          const context = drawn.ctx;
          context.save();
          context.globalCompositeOperation = 'destination-over';
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, drawn.width, drawn.height);
          context.restore();
        },
      },
    ],
  });
  try {
    chart.draw();
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return new Uint8Array(await blob.arrayBuffer());
  } finally {
    chart.destroy();
  }
}
