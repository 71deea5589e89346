package io.paypipe.embedded.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

/**
 * How to start a {@link KafkaClusterNode} JVM: the java executable and what comes after
 * the JVM options up to the main class (the class path and the main class, or Spring
 * Boot's {@code PropertiesLauncher} pointed at the node's main class inside an executable
 * jar).
 *
 * @param java the java executable
 * @param launch the class path and main class, placed after the JVM options
 */
public record NodeCommand(Path java, List<String> launch) {

    static final String NODE_MAIN = KafkaClusterNode.class.getName();

    static final String PROPERTIES_LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    public NodeCommand {
        launch = List.copyOf(launch);
    }

    /**
     * The node's main class from a plain class path (its entries made absolute: a node
     * runs in its cluster's directory).
     */
    public static NodeCommand fromClasspath(String classpath) {
        String absolute = Arrays.stream(classpath.split(File.pathSeparator))
            .filter(entry -> !entry.isEmpty())
            .map(entry -> Path.of(entry).toAbsolutePath().toString())
            .collect(Collectors.joining(File.pathSeparator));
        return new NodeCommand(currentJava(), List.of("-cp", absolute, NODE_MAIN));
    }

    /**
     * The class path of the running tests (surefire's, which is not
     * {@code java.class.path} when surefire starts the JVM from a manifest-only jar), or
     * this JVM's.
     */
    public static NodeCommand fromTestClasspath() {
        return fromClasspath(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    }

    /**
     * The node's main class inside an executable Spring Boot jar that holds
     * paypipe-embedded (the launcher's), the way {@code ./paypipe audit} runs its CLI.
     */
    public static NodeCommand fromBootJar(Path jar) {
        return new NodeCommand(currentJava(),
                List.of("-cp", jar.toAbsolutePath().toString(), "-Dloader.main=" + NODE_MAIN, PROPERTIES_LAUNCHER));
    }

    /**
     * What starts this JVM's own code again: {@link #fromBootJar} when this JVM runs from
     * an executable Spring Boot jar, else {@link #fromClasspath} with this JVM's class
     * path.
     */
    public static NodeCommand forThisJvm() {
        String classpath = System.getProperty("java.class.path");
        if (!classpath.contains(File.pathSeparator) && classpath.endsWith(".jar") && isBootJar(Path.of(classpath))) {
            return fromBootJar(Path.of(classpath));
        }
        return fromClasspath(classpath);
    }

    /** {@code java JVM_OPTIONS… LAUNCH… ARGS…}. */
    public List<String> command(List<String> jvmOptions, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        command.addAll(launch);
        command.addAll(args);
        return command;
    }

    private static boolean isBootJar(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            return manifest != null && manifest.getMainAttributes().getValue("Spring-Boot-Classes") != null;
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not read the manifest of " + jar, e);
        }
    }

    private static Path currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

}
