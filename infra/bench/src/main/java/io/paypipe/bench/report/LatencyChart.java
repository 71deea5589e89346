package io.paypipe.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javax.imageio.ImageIO;

/**
 * The chart of docs/benchmarks.md: ack and end-to-end latency against offered load
 * (log-log), the pipeline's fixed-rate runs as lines, the synchronous baseline at the
 * comparison rate as points, and the floors and the pipeline's closed-loop capacity drawn
 * as vertical lines. Plain Java2D, so it needs no plotting library.
 */
public final class LatencyChart {

    private static final int W = 960;

    private static final int H = 600;

    private static final int LEFT = 80;

    private static final int RIGHT = 30;

    private static final int TOP = 50;

    private static final int BOTTOM = 70;

    private LatencyChart() {
    }

    public static void write(BenchReport report, Path png) throws IOException {
        BufferedImage image = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, W, H);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));

        double xMax = Math.max(report.floors().stream().mapToDouble(FloorSummary::perSecond).max().orElse(100),
                report.ladder().stream().mapToDouble(PhaseSummary::load).max().orElse(100)) * 1.3;
        double xMin = Math.max(1, report.ladder().stream().mapToDouble(PhaseSummary::load).min().orElse(10) / 2);
        Axis x = new Axis(xMin, xMax, LEFT, W - RIGHT);
        Axis y = new Axis(1, 30_000, H - BOTTOM, TOP);
        grid(g, x, y);

        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString("Latency against offered load (log-log), one run on " + report.machine().get("cpus") + " cores",
                LEFT, 25);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        g.drawString("offered load (requests/s)", W / 2 - 60, H - 20);
        g.drawString("ms", 20, TOP - 10);

        int legend = 0;
        legend = series(g, x, y, report.ladder(), p -> p.ack().p50(), new Color(0x1f77b4), "pipeline ack p50", legend);
        legend = series(g, x, y, report.ladder(), p -> p.ack().p99(), new Color(0xd62728), "pipeline ack p99", legend);
        legend = series(g, x, y, report.ladder(), p -> p.endToEnd().p99(), new Color(0x2ca02c),
                "pipeline send->OrderPaid p99", legend);
        java.util.Map<Long, Color> byDelay = new java.util.TreeMap<>();
        Color[] baselineColors = { new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f) };
        for (PhaseSummary b : report.comparison()) {
            if (!b.system().equals("sync-baseline")) {
                continue;
            }
            Color c = byDelay.get(b.downstreamDelayMs());
            if (c == null) {
                c = baselineColors[byDelay.size() % baselineColors.length];
                byDelay.put(b.downstreamDelayMs(), c);
                legend = legendEntry(g, c, "sync baseline ack p99, downstream " + b.downstreamDelayMs() + " ms",
                        legend);
            }
            g.setColor(c);
            g.fillRect(x.at(b.load()) - 5, y.at(Math.max(1, b.ack().p99())) - 5, 10, 10);
        }
        report.capacity()
            .ifPresent(c -> vertical(g, x, y, c.acceptedPerSecond(), new Color(0xd62728), "pipeline capacity", 0));
        int shift = 1;
        for (FloorSummary f : report.floors()) {
            vertical(g, x, y, f.perSecond(), Color.DARK_GRAY, "floor: " + f.name(), shift++);
        }
        g.setColor(new Color(0xff7f0e));
        g.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] { 2f, 4f }, 0f));
        g.drawLine(LEFT, y.at(5_000), W - RIGHT, y.at(5_000));
        g.drawString("channel budget 5 s", LEFT + 420, y.at(5_000) - 4);
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    /** A log scale from {@code min..max} to pixels {@code from..to}. */
    private record Axis(double min, double max, int from, int to) {
        int at(double v) {
            double f = (Math.log10(Math.max(v, min)) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
            return (int) Math.round(from + f * (to - from));
        }
    }

    private static void grid(Graphics2D g, Axis x, Axis y) {
        g.setColor(new Color(0xdddddd));
        for (double v = Math.pow(10, Math.floor(Math.log10(x.min()))); v <= x.max(); v *= 10) {
            for (int k = 1; k < 10; k++) {
                double t = v * k;
                if (t >= x.min() && t <= x.max()) {
                    g.setColor(k == 1 ? new Color(0xbbbbbb) : new Color(0xeeeeee));
                    g.drawLine(x.at(t), y.from(), x.at(t), y.to());
                    if (k == 1 || k == 2 || k == 5) {
                        g.setColor(Color.GRAY);
                        g.drawString(label(t), x.at(t) - 10, y.from() + 18);
                    }
                }
            }
        }
        for (double v = 1; v <= y.max(); v *= 10) {
            g.setColor(new Color(0xbbbbbb));
            g.drawLine(x.from(), y.at(v), x.to(), y.at(v));
            g.setColor(Color.GRAY);
            g.drawString(label(v), x.from() - 45, y.at(v) + 4);
        }
        g.setColor(Color.BLACK);
        g.drawRect(x.from(), y.to(), x.to() - x.from(), y.from() - y.to());
    }

    private static String label(double v) {
        return v >= 1000 ? (long) (v / 1000) + "k" : Long.toString((long) v);
    }

    private static int series(Graphics2D g, Axis x, Axis y, List<PhaseSummary> points,
            ToDoubleFunction<PhaseSummary> value, Color color, String name, int legend) {
        g.setColor(color);
        g.setStroke(new BasicStroke(2f));
        int lastX = -1;
        int lastY = -1;
        for (PhaseSummary p : points) {
            double v = value.applyAsDouble(p);
            if (v <= 0) {
                continue;
            }
            int px = x.at(p.load());
            int py = y.at(v);
            g.fillOval(px - 4, py - 4, 8, 8);
            if (lastX >= 0) {
                g.drawLine(lastX, lastY, px, py);
            }
            lastX = px;
            lastY = py;
        }
        return legendEntry(g, color, name, legend);
    }

    private static int legendEntry(Graphics2D g, Color color, String name, int legend) {
        int ly = TOP + 15 + legend * 16;
        g.setColor(color);
        g.fillRect(LEFT + 10, ly - 8, 10, 10);
        g.setColor(Color.BLACK);
        g.drawString(name, LEFT + 26, ly + 1);
        return legend + 1;
    }

    /**
     * A dashed vertical line at {@code at}, labelled left of it for an odd {@code slot},
     * else right (close lines).
     */
    private static void vertical(Graphics2D g, Axis x, Axis y, double at, Color color, String name, int slot) {
        g.setColor(color);
        g.setStroke(
                new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] { 6f, 4f }, 0f));
        int px = x.at(at);
        g.drawLine(px, y.from(), px, y.to());
        g.rotate(-Math.PI / 2);
        g.drawString(name + " " + Math.round(at) + "/s", -y.from() + 10, slot % 2 == 1 ? px - 4 : px + 13);
        g.rotate(Math.PI / 2);
        g.setStroke(new BasicStroke(1f));
    }

}
