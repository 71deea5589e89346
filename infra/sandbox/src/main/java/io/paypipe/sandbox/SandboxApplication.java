package io.paypipe.sandbox;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.PropertySource;

/**
 * The channel sandbox: plays WeChat Pay for the demo merchants (signed, encrypted
 * notifications pushed with WeChat's re-push schedule) and creates orders like the
 * merchant's order system.
 * <p>
 * Its defaults (port 8090, ...) come from
 * {@code io/paypipe/sandbox/sandbox-defaults.properties}, not from an
 * {@code application.properties}, so a launcher that puts several services on one
 * classpath does not mix them up.
 */
@SpringBootApplication
@PropertySource("classpath:io/paypipe/sandbox/sandbox-defaults.properties")
public class SandboxApplication {

    public static void main(String[] args) {
        SpringApplication.run(SandboxApplication.class, args);
    }

}
