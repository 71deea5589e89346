package io.paypipe.support.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a service's {@code /actuator/prometheus}, read the way Prometheus reads
 * it: a sample is a metric name, its labels and a value. Tests look up a series by name
 * and some of its labels.
 */
public record Scrape(String text) {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)$");

    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    /** One sample: the series' name, its labels and its value. */
    public record Sample(String name, Map<String, String> labels, double value) {
    }

    /** Scrapes {@code baseUrl + /actuator/prometheus}. */
    public static Scrape of(String baseUrl) {
        try {
            HttpResponse<String> response = HTTP.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("scrape answered " + response.statusCode() + ": " + response.body());
            }
            return new Scrape(response.body());
        }
        catch (IOException ex) {
            throw new IllegalStateException(ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    /** Every sample of the scrape. */
    public List<Sample> samples() {
        return text.lines()
            .filter(l -> !l.startsWith("#") && !l.isBlank())
            .map(Scrape::parse)
            .flatMap(Optional::stream)
            .toList();
    }

    /**
     * The value of the series {@code name} whose labels include {@code labels} (name,
     * value, ...), summed over the series that match; empty when none does.
     */
    public Optional<Double> value(String name, String... labels) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (int i = 0; i + 1 < labels.length; i += 2) {
            wanted.put(labels[i], labels[i + 1]);
        }
        List<Sample> matching = samples().stream()
            .filter(s -> s.name().equals(name))
            .filter(s -> s.labels().entrySet().containsAll(wanted.entrySet()))
            .toList();
        return matching.isEmpty() ? Optional.empty() : Optional.of(matching.stream().mapToDouble(Sample::value).sum());
    }

    /** As {@link #value}, 0 for a series not (yet) there. */
    public double valueOrZero(String name, String... labels) {
        return value(name, labels).orElse(0.0);
    }

    /** The names of every series the scrape has. */
    public Set<String> names() {
        Set<String> names = new TreeSet<>();
        samples().forEach(s -> names.add(s.name()));
        return names;
    }

    private static Optional<Sample> parse(String line) {
        Matcher m = SAMPLE.matcher(line.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (m.group(3) != null) {
            Matcher l = LABEL.matcher(m.group(3));
            while (l.find()) {
                labels.put(l.group(1), l.group(2));
            }
        }
        try {
            return Optional.of(new Sample(m.group(1), labels, Double.parseDouble(m.group(4))));
        }
        catch (NumberFormatException ex) {
            return Optional.empty();
        }
    }

}
