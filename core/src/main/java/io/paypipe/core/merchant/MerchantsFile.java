package io.paypipe.core.merchant;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The merchants and their channel credentials, read from the YAML file named by
 * {@code PAYMENT_MERCHANTS_FILE}. The channel sandbox writes one at start; production
 * keeps it in a secret store and mounts it. The format is documented in the README
 * ("Merchants file").
 */
public record MerchantsFile(List<Merchant> merchants) {

    /** {@code tenant_id VARCHAR(32)} in every table that has it (migration V1). */
    public static final int TENANT_ID_WIDTH = 32;

    /**
     * {@code merchant_id} / {@code sp_merchant_id VARCHAR(64)} in every table that has
     * them (migration V1).
     */
    public static final int MERCHANT_ID_WIDTH = 64;

    /** WeChat's {@code appid}, {@code sp_appid}, {@code sub_appid}: string[1,32]. */
    public static final int APP_ID_WIDTH = 32;

    private static final YAMLMapper YAML = YAMLMapper.builder()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();

    public MerchantsFile {
        merchants = merchants == null ? List.of() : List.copyOf(merchants);
    }

    /**
     * Reads and {@linkplain #validate() validates} the file: a service that reads it
     * stops at start if it is unusable.
     */
    public static MerchantsFile read(Path path) {
        MerchantsFile file;
        try {
            file = YAML.readValue(Files.readString(path), MerchantsFile.class);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot read merchants file " + path, e);
        }
        return file.validated("merchants file " + path);
    }

    public static MerchantsFile parse(String yaml) {
        return YAML.readValue(yaml, MerchantsFile.class);
    }

    /**
     * This file, if every entry can be used: tenant and merchant ids fit the database's
     * columns ({@link #TENANT_ID_WIDTH}, {@link #MERCHANT_ID_WIDTH}), exactly its
     * channel's credentials block, a WeChat merchant lists its app ids (a service
     * provider's {@code subAppIds} only for its sub-merchants), an Alipay app its seller
     * id and, for a service provider, the seller id of every authorising app. Otherwise
     * {@link IllegalArgumentException} naming every problem (entries and ids, never a
     * credential).
     */
    public MerchantsFile validate() {
        return validated("merchants file");
    }

    private MerchantsFile validated(String what) {
        List<String> problems = MerchantsFileRules.problemsOf(this);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(what + " is not usable: " + String.join("; ", problems));
        }
        return this;
    }

    public String toYaml() {
        return YAML.writeValueAsString(this);
    }

    /** Writes the file readable by its owner only: it holds secrets. */
    public void write(Path path) {
        try {
            Path parent = path.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = Files.createTempFile(parent, ".merchants", ".yaml");
            Files.writeString(tmp, toYaml());
            Files.move(tmp, path, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot write merchants file " + path, e);
        }
    }
}
