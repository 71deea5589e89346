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
 * <p>
 * It plays the channels, which sign nothing in: where a launcher puts Spring Security on
 * the classpath (the services' sign-in), Spring Boot's own security defaults (a generated
 * password on every endpoint) are left out of the sandbox's context.
 */
@SpringBootApplication(excludeName = { "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@PropertySource("classpath:io/paypipe/sandbox/sandbox-defaults.properties")
public class SandboxApplication {

    public static void main(String[] args) {
        SpringApplication.run(SandboxApplication.class, args);
    }

}
