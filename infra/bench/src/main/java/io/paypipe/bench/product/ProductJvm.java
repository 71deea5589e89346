package io.paypipe.bench.product;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
     * be read.
     */
    public static List<String> options() {
        String pid = System.getenv(ProcessUsage.PRODUCT_PID);
        if (pid == null || !pid.trim().matches("\\d+")) {
            return List.of();
        }
        try {
            return optionsOf(Files.readAllBytes(Path.of("/proc", pid.trim(), "cmdline")));
        }
        catch (IOException e) {
            return List.of();
        }
    }

    /**
     * The arguments between the java executable and {@code -jar} (or the main class) of a
     * NUL-separated command line; the value of a system property whose name speaks of a
     * secret ({@code -Djavax.net.ssl.keyStorePassword=...}) is masked, as the page is
     * committed.
     */
    static List<String> optionsOf(byte[] cmdline) {
        String[] args = new String(cmdline, StandardCharsets.UTF_8).split("\0");
        List<String> options = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("-jar") || !args[i].startsWith("-")) {
                break;
            }
            options.add(SECRET_PROPERTY.matcher(args[i]).replaceFirst("$1***"));
        }
        return List.copyOf(options);
    }

}
