package io.paypipe.bench.product;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The options on the launcher's java command line (heap, collector, GC log), read from
 * {@code /proc/<pid>/cmdline} of the process in {@value ProcessUsage#PRODUCT_PID}: a
 * run's latency tail depends on the heap it ran with, so the page names it whether it
 * came from the script or from {@code PAYPIPE_LAUNCHER_JAVA_OPTS}.
 */
public final class ProductJvm {

    private static final Pattern SECRET_PROPERTY = Pattern
        .compile("^(-D[^=]*(?i:pass|secret|token|key|credential)[^=]*=).+$");

    private ProductJvm() {
    }

    /**
     * The launcher's JVM options; empty without {@value ProcessUsage#PRODUCT_PID} (a
     * product started elsewhere, {@code --external=true}) or when its command line cannot
     * be read ({@link ProcessHandle.Info#arguments()}, which reads that file).
     */
    public static List<String> options() {
        return ProcessUsage.pid(ProcessUsage.PRODUCT_PID)
            .flatMap(launcher -> launcher.info().arguments())
            .map(arguments -> optionsOf(List.of(arguments)))
            .orElse(List.of());
    }

    /**
     * The arguments before {@code -jar} (or the main class) of a java command line,
     * without the executable; the value of a system property whose name speaks of a
     * secret ({@code -Djavax.net.ssl.keyStorePassword=...}) is masked, as the page is
     * committed.
     */
    static List<String> optionsOf(List<String> arguments) {
        List<String> options = new ArrayList<>();
        for (String argument : arguments) {
            if (argument.equals("-jar") || !argument.startsWith("-")) {
                break;
            }
            options.add(SECRET_PROPERTY.matcher(argument).replaceFirst("$1***"));
        }
        return List.copyOf(options);
    }

}
